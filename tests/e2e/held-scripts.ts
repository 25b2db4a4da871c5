import type { Page } from '@playwright/test';

/*
 * Holds the page's script requests from now on, as a slow phone would get them late, until the
 * returned release is called: what a visitor does before a script runs, deterministically.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
