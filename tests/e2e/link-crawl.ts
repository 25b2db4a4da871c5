import type { APIRequestContext } from '@playwright/test';
import { drainQueue, pageReferences } from '@/lib/export/crawl';
import { getEnabledLanguages, type Language } from '@/lib/config';
import { allRoutes, href, isServerOnlyPath, staticRoutes } from '@/lib/i18n/urls';

export type CrawlResult = {
  pages: number;
  files: number;
  /** Every URL that did not answer 2xx after redirects, with the page that links it. */
  dead: string[];
};

/**
 * Follows every link and every file (pictures with their srcset, scripts, styles, icons, social
 * pictures, JSON-LD URLs) from the pages of every route of every enabled language, as a search
 * engine or a visitor clicking everything would, and reports what does not answer. The same crawl
 * runs against the server build (routes.spec.ts) and the static export (export.spec.ts).
 */
export async function crawlSite(request: APIRequestContext, baseURL: string, options: { staticExport?: boolean } = {}): Promise<CrawlResult> {
  const origins = [new URL(baseURL).origin];
  const seen = new Set<string>();
  const queue: { url: string; kind: 'page' | 'file'; foundOn: string }[] = [];
  const dead: string[] = [];
  let pages = 0;
  let files = 0;
  const enqueue = (url: string, kind: 'page' | 'file', foundOn: string) => {
    // The query matters to the server (list filters, pages); a file is the same whatever it says.
    const key = kind === 'file' ? url.split('?')[0]! : url;
    if (seen.has(key)) return;
    seen.add(key);
    // A static copy must send the owner login and portal to the server (lib/export/links).
    if (options.staticExport && kind === 'page' && isServerOnlyPath(url)) dead.push(`server-only page ${url} (on ${foundOn})`);
    else queue.push({ url, kind, foundOn });
  };
  for (const language of getEnabledLanguages() as Language[]) {
    for (const route of options.staticExport ? staticRoutes(language) : allRoutes(language)) enqueue(href(route, language), 'page', '(routes)');
  }
  const visit = async ({ url, kind, foundOn }: (typeof queue)[number]) => {
    const response = await request.get(url, { maxRedirects: 5, failOnStatusCode: false });
    if (!response.ok()) {
      dead.push(`${response.status()} ${url} (on ${foundOn})`);
      return;
    }
    if (kind === 'file' || !(response.headers()['content-type'] ?? '').includes('text/html')) {
      files += 1;
      await response.dispose();
      return;
    }
    pages += 1;
    const finalUrl = response.url();
    const references = pageReferences(await response.text(), finalUrl, origins);
    for (const page of references.pages) enqueue(page, 'page', new URL(finalUrl).pathname);
    for (const file of references.files) enqueue(file, 'file', new URL(finalUrl).pathname);
  };
  await drainQueue(queue, visit, 8);
  return { pages, files, dead };
}
