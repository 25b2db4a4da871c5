import { Parser } from 'htmlparser2';

/*
 * What a page of the site refers to, read from its HTML: the pages it links to and the files it
 * needs (pictures with their srcset, stylesheets, scripts, icons, social-card pictures, the
 * pictures named in JSON-LD), and the crawl that follows both: `npm run export` copies the site
 * with it, and the browser tests look for dead links with it (tests/e2e/link-crawl).
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

type CrawlKind = 'page' | 'file';

/** How the crawler's fetch went: a page to read (its final URL), anything else fetched, a redirect to follow, or a failure. */
type CrawlAnswer = { status: 'page'; url: string; html: string } | { status: 'file' } | { status: 'redirect'; location: string | undefined } | { status: 'failed'; code: number };

/** A URL that did not answer 2xx (`code`), or a server-only page linked from a static copy (`code` 0). */
export type CrawlProblem = { url: string; code: number; foundOn: string };

export type CrawlOptions = {
  /** Where the crawl starts; `foundOn` names the seed in problems ("(routes)"). */
  seeds: readonly { url: string; kind: CrawlKind; foundOn: string }[];
  /** The URL to fetch for a reference and the key it is known by (seen once), or undefined to leave it out. */
  resolve: (url: string, kind: CrawlKind) => { url: string; key: string } | undefined;
  fetch: (url: string, kind: CrawlKind) => Promise<CrawlAnswer>;
  /** Origins whose URLs are the site's (pageReferences). */
  siteOrigins: readonly string[];
  /** A page no static host can answer (the owner login and portal): a problem when linked. */
  isServerOnly?: (url: string) => boolean;
  concurrency: number;
};

/** Follows every page and file reference from the seeds, each URL once, and counts what answered. */
export async function crawl(options: CrawlOptions): Promise<{ pages: number; files: number; problems: CrawlProblem[] }> {
  const seen = new Set<string>();
  const queue: { url: string; kind: CrawlKind; foundOn: string }[] = [];
  const problems: CrawlProblem[] = [];
  let pages = 0;
  let files = 0;
  const enqueue = (reference: string, kind: CrawlKind, foundOn: string) => {
    const resolved = options.resolve(reference, kind);
    if (!resolved || seen.has(resolved.key)) return;
    seen.add(resolved.key);
    if (kind === 'page' && options.isServerOnly?.(resolved.url)) problems.push({ url: resolved.url, code: 0, foundOn });
    else queue.push({ url: resolved.url, kind, foundOn });
  };
  for (const seed of options.seeds) enqueue(seed.url, seed.kind, seed.foundOn);
  const visit = async ({ url, kind, foundOn }: (typeof queue)[number]) => {
    const answer = await options.fetch(url, kind);
    if (answer.status === 'failed') problems.push({ url, code: answer.code, foundOn });
    else if (answer.status === 'redirect') {
      if (answer.location !== undefined) enqueue(answer.location, 'page', url);
    } else if (answer.status === 'file') files += 1;
    else {
      pages += 1;
      const on = new URL(answer.url).pathname;
      const references = pageReferences(answer.html, answer.url, options.siteOrigins);
      for (const page of references.pages) enqueue(page, 'page', on);
      for (const file of references.files) enqueue(file, 'file', on);
    }
  };
  await drainQueue(queue, visit, options.concurrency);
  return { pages, files, problems };
}
