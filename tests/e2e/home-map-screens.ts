import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** A screenshot of the screen with the map section's heading just under the sticky header, to look at by eye. */
export async function screenshotSection(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    const heading = document.getElementById('home-map-title');
    const header = document.querySelector('header');
    if (heading) window.scrollBy(0, heading.getBoundingClientRect().top - (header?.getBoundingClientRect().height ?? 0) - 16);
  });
  mkdirSync('test-results-screens', { recursive: true });
  await page.screenshot({ path: `test-results-screens/${name}.png` });
}
