import type { Page } from '@playwright/test';

/*
 * The layout shifts of a page, each as its score and what moved (the first characters of each
 * element a shift names), read with a PerformanceObserver the page starts before its own scripts.
 */

/**
 * Observes every page `page` opens from now on. Shifts within half a second of an input are left
 * out, as the browser's own score does, unless `evenAfterInput`: Chromium counts some of the
 * test driver's own doings as input, though no visitor would have touched the page.
 */
export async function watchLayoutShifts(page: Page, { evenAfterInput = false } = {}): Promise<void> {
  await page.addInitScript((keepAll: boolean) => {
    const shifts: string[] = [];
    Reflect.set(window, 'layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (Reflect.get(entry, 'hadRecentInput') && !keepAll) continue;
        const sources: unknown = Reflect.get(entry, 'sources');
        const nodes: unknown[] = Array.isArray(sources) ? sources.map((source: unknown) => (source instanceof Object ? Reflect.get(source, 'node') : null)) : [];
        const moved = nodes.map((node) => (node instanceof Element ? node.outerHTML.slice(0, 80) : node instanceof Node ? node.textContent : String(node)));
        shifts.push(`${Number(Reflect.get(entry, 'value')).toFixed(4)}: ${moved.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, evenAfterInput);
}

/** The shifts of the page open now, since it started loading. */
export function layoutShifts(page: Page): Promise<unknown> {
  return page.evaluate(() => Reflect.get(window, 'layoutShifts'));
}
