import type { BrowserContext, Page } from '@playwright/test';

/** Aborts and records every request that leaves the site (the site's own data: and blob: URLs stay). */
export async function blockExternal(target: Page | BrowserContext): Promise<string[]> {
  const external: string[] = [];
  await target.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('http://localhost') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    external.push(url);
    return route.abort();
  });
  return external;
}
