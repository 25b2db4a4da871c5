import type { APIRequestContext } from '@playwright/test';
import { crawl } from '@/lib/export/crawl';
import { getEnabledLanguages, type Language } from '@/lib/config';
import { allRoutes, href, isServerOnlyPath, staticRoutes } from '@/lib/pages';

export type CrawlResult = {
  pages: number;
  files: number;
  /** Every URL that did not answer 2xx after redirects, with the page that links it. */
  dead: string[];
  /** The site paths some crawled page links to with an `<a href>`, i.e. what a visitor can click. */
  clickable: Set<string>;
};

const anchorHref = /<a\s[^>]*?href="(\/[^"#]*)"/g;

/**
 * Follows every link and every file (pictures with their srcset, scripts, styles, icons, social
 * pictures, JSON-LD URLs) from the pages of every route of every enabled language, as a search
 * engine or a visitor clicking everything would, and reports what does not answer. The same crawl
 * runs against the server build (routes.spec.ts) and the static export (export.spec.ts).
 */
export async function crawlSite(request: APIRequestContext, baseURL: string, options: { staticExport?: boolean } = {}): Promise<CrawlResult> {
  const seeds = (getEnabledLanguages() as Language[]).flatMap((language) =>
    (options.staticExport ? staticRoutes(language) : allRoutes(language)).map((route) => ({ url: href(route, language), kind: 'page' as const, foundOn: '(routes)' })),
  );
  const clickable = new Set<string>();
  const { pages, files, problems } = await crawl({
    seeds,
    // The query matters to the server (list filters, pages); a file is the same whatever it says.
    resolve: (url, kind) => ({ url, key: kind === 'file' ? url.split('?')[0]! : url }),
    // A static copy must send the owner login and portal to the server (lib/export/links).
    isServerOnly: options.staticExport ? isServerOnlyPath : undefined,
    siteOrigins: [new URL(baseURL).origin],
    fetch: async (url, kind) => {
      const response = await request.get(url, { maxRedirects: 5, failOnStatusCode: false });
      if (!response.ok()) return { status: 'failed', code: response.status() };
      if (kind === 'file' || !(response.headers()['content-type'] ?? '').includes('text/html')) {
        await response.dispose();
        return { status: 'file' };
      }
      const html = await response.text();
      for (const [, link] of html.matchAll(anchorHref)) if (link !== undefined) clickable.add(link.replace(/&amp;/g, '&'));
      return { status: 'page', url: response.url(), html };
    },
    concurrency: 8,
  });
  const dead = problems.map(({ url, code, foundOn }) => (code ? `${code} ${url} (on ${foundOn})` : `server-only page ${url} (on ${foundOn})`));
  return { pages, files, dead, clickable };
}
