import { Parser } from 'htmlparser2';

/*
 * What a page of the site refers to, read from its HTML: the pages it links to and the files it
 * needs (pictures with their srcset, stylesheets, scripts, icons, social-card pictures, the
 * pictures named in JSON-LD). `npm run export` follows both to copy the site, and the browser
 * tests use the same reading to look for dead links.
 */

export type PageReferences = { pages: string[]; files: string[] };

/** Attributes holding one URL, per element; srcset-like attributes are read separately. */
const urlAttributes: Record<string, { attribute: string; kind: 'page' | 'file' }[]> = {
  a: [{ attribute: 'href', kind: 'page' }],
  area: [{ attribute: 'href', kind: 'page' }],
  img: [{ attribute: 'src', kind: 'file' }],
  source: [{ attribute: 'src', kind: 'file' }],
  script: [{ attribute: 'src', kind: 'file' }],
  iframe: [{ attribute: 'src', kind: 'page' }],
  video: [{ attribute: 'poster', kind: 'file' }],
};
const pageLinkRelations = new Set(['canonical', 'alternate', 'next', 'prev']);
const fileMetaNames = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'msapplication-tileimage']);

/** The URLs of a srcset ("a.webp 400w, b.webp 600w"). */
export function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/**
 * The site paths (path and query, no fragment) that `html`, found at `pageUrl`, refers to. A URL
 * counts as the site's when its origin is one of `siteOrigins` (the server crawled, SITE_URL).
 */
export function pageReferences(html: string, pageUrl: string, siteOrigins: readonly string[]): PageReferences {
  const pages = new Set<string>();
  const files = new Set<string>();
  const add = (value: string | undefined, kind: 'page' | 'file') => {
    if (!value) return;
    let url: URL;
    try {
      url = new URL(value.trim(), pageUrl);
    } catch {
      return;
    }
    if (!siteOrigins.includes(url.origin)) return;
    (kind === 'page' ? pages : files).add(`${url.pathname}${url.search}`);
  };
  let jsonLd: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        for (const { attribute, kind } of urlAttributes[name] ?? []) add(attributes[attribute], kind);
        for (const attribute of ['srcset', 'imagesrcset']) {
          if (attributes[attribute]) for (const url of srcsetUrls(attributes[attribute])) add(url, 'file');
        }
        if (name === 'link' && attributes.href) {
          const relations = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          add(attributes.href, relations.some((relation) => pageLinkRelations.has(relation)) && !attributes.type ? 'page' : 'file');
        }
        if (name === 'meta' && fileMetaNames.has((attributes.property ?? attributes.name ?? '').toLowerCase())) add(attributes.content, 'file');
        if (name === 'script' && attributes.type === 'application/ld+json') jsonLd = '';
      },
      ontext(text) {
        if (jsonLd !== undefined) jsonLd += text;
      },
      onclosetag(name) {
        if (name !== 'script' || jsonLd === undefined) return;
        // Every URL in the structured data: pages (url, item) and pictures (image, logo).
        for (const [, url] of jsonLd.matchAll(/"(https?:\/\/[^"\s]+)"/g)) {
          if (url !== undefined) add(url, /\.(webp|png|jpe?g|svg|gif)$/i.test(new URL(url).pathname) ? 'file' : 'page');
        }
        jsonLd = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { pages: [...pages], files: [...files] };
}

/** The file of out/ that holds a site path: `/nl/te-koop/` → `nl/te-koop/index.html`. */
export function outputFile(pathname: string): string {
  const path = decodeURIComponent(pathname).replace(/^\/+/, '');
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

/**
 * Runs `work` over a queue that grows while it runs (a crawl adds the links of each page), at
 * most `concurrency` at a time, until the queue is empty and nothing is under way.
 */
export function drainQueue<T>(queue: T[], work: (item: T) => Promise<void>, concurrency: number): Promise<void> {
  let active = 0;
  return new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (queue.length === 0 && active === 0) resolve();
      while (active < concurrency && queue.length > 0) {
        active += 1;
        work(queue.shift()!).then(() => {
          active -= 1;
          pump();
        }, reject);
      }
    };
    pump();
  });
}
