import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { scrollThresholds } from '@/lib/device';

const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] };

/**
 * Colours are judged at rest: while the header turns solid after a scroll (its state follows the
 * scroll after a throttle, then a 0.2 s transition) a link sits on a half-transparent background
 * that no visitor reads it on. So: the header in the state of the scroll position, and no finite
 * animation running.
 */
async function atRest(page: Page): Promise<void> {
  await page.waitForFunction((threshold) => {
    const header = document.getElementById('top');
    if (header && header.dataset.scrolled !== String(window.scrollY > threshold)) return false;
    return document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
  }, scrollThresholds.header);
}

/** Runs axe-core in the page (its own script: @axe-core/playwright needs Node 22). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await atRest(page);
  // Evaluated through the DevTools protocol: a <script> tag added to the page would be refused by
  // the page's Content-Security-Policy, as any script the page did not ship is.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context?: unknown, options?: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} – ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
}

/**
 * axe's colour-contrast rule alone, inside one part of the page (a CSS selector): every finding,
 * whatever its impact, since a text below the WCAG AA ratio is one a visitor cannot read.
 */
export async function contrastViolations(page: Page, selector: string): Promise<string[]> {
  await atRest(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (context?: unknown, options?: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ include: [include] }, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return result.violations;
  }, selector);
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`));
}

/** Chosen axe rules alone, whatever their impact (axe calls heading-order and landmark-unique moderate). */
export async function ruleViolations(page: Page, rules: readonly string[]): Promise<string[]> {
  await atRest(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (context?: unknown, options?: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values }, resultTypes: ['violations'] });
    return result.violations;
  }, rules);
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`));
}
