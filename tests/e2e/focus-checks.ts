import type { Page } from '@playwright/test';

/** The focused element's box against the fixed header's: what a sighted keyboard user cannot see. */
export async function focusUnderHeader(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return 'focus on body';
    const header = document.getElementById('top');
    if (!header || header.contains(focused) || getComputedStyle(header).position !== 'fixed') return null;
    const box = focused.getBoundingClientRect();
    // A visually hidden control (its label is what shows) has no box to hide.
    if (box.width <= 1 || box.height <= 1) return null;
    const bottom = header.getBoundingClientRect().bottom;
    // Drawn over the header (the skip link) is in sight.
    const onTop = focused.contains(document.elementFromPoint(box.left + box.width / 2, Math.max(box.top + 1, 0)));
    return box.top < bottom - 0.5 && !onTop
      ? `${focused.tagName} "${(focused.textContent ?? focused.getAttribute('aria-label') ?? '').trim().slice(0, 40)}" top ${Math.round(box.top)} under the header's bottom ${Math.round(bottom)}`
      : null;
  });
}
