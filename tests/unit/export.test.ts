import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEnabledLanguages } from '@/lib/config';
import { getProperties, getProjects } from '@/lib/catalogue';
import { crawl, drainQueue, outputFile, pageReferences, srcsetUrls } from '@/lib/export/crawl';
import { apiOrigin, isStaticExport, serverUrl } from '@/lib/config/deployment';
import { detectionScript, redirectPage, staticRedirectPages, type LanguageRedirect } from '@/lib/export/static-pages';
import { allRoutes, href, isServerOnlyPath, staticRoutes } from '@/lib/pages';
import { imagePath, imageUrl, responsiveSrcSet } from '@/lib/media/image-url';
import { parseImagePath, parseImageQuery } from '@/lib/media/resize';

afterEach(() => vi.unstubAllEnvs());

const picture = '/catalogue/4000001/1-xl.webp';

describe('build switches', () => {
  it('are off in the server build: server paths stay on this origin', () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '');
    vi.stubEnv('NEXT_PUBLIC_API_ORIGIN', 'https://api.example.be');
    expect(isStaticExport()).toBe(false);
    expect(serverUrl('/api/forms/site-contact/')).toBe('/api/forms/site-contact/');
  });

  it('send server paths to the API origin of an export, without a doubled slash', () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '1');
    vi.stubEnv('NEXT_PUBLIC_API_ORIGIN', 'https://api.example.be/');
    expect(apiOrigin()).toBe('https://api.example.be');
    expect(serverUrl('/api/forms/site-contact/')).toBe('https://api.example.be/api/forms/site-contact/');
  });

  it('leave an export without API origin with no server at all', () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '1');
    vi.stubEnv('NEXT_PUBLIC_API_ORIGIN', ' ');
    expect(serverUrl('/api/forms/site-contact/')).toBeUndefined();
  });
});

describe('picture URLs of the export', () => {
  it('name the same variants as the query form, by path', () => {
    vi.stubEnv('NEXT_PUBLIC_STATIC_EXPORT', '1');
    expect(imageUrl(picture, { width: 400, format: 'webp' })).toBe('/api/image/w400/catalogue/4000001/1-xl.webp.webp');
    expect(imageUrl(picture, { width: 1200, format: 'png' })).toBe('/api/image/w1200/catalogue/4000001/1-xl.webp.png');
    expect(imageUrl('/images/logo.png', { height: 125, format: 'webp' })).toBe('/api/image/h125/images/logo.png.webp');
    // The original stays the original, and an SVG or another host is never resized.
    expect(imageUrl(picture, { width: 1360, format: 'webp' })).toBe(picture);
    expect(imageUrl('/images/logo.svg', { width: 400 })).toBe('/images/logo.svg');
    expect(responsiveSrcSet(picture)).toContain('/api/image/w600/catalogue/4000001/1-xl.webp.webp 600w');
  });

  it('read back as the request the query form makes', () => {
    const cases = [
      { width: 400, format: 'webp' as const },
      { width: 1200, format: 'png' as const },
      { height: 75, format: 'png' as const },
      { width: 250, height: 125, format: 'webp' as const },
      { format: 'png' as const },
    ];
    for (const options of cases) {
      const fromPath = parseImagePath(imagePath(picture, options).split('/').slice(3));
      const query = new URLSearchParams({ src: picture, format: options.format });
      if (options.width) query.set('width', String(options.width));
      if (options.height) query.set('height', String(options.height));
      expect(fromPath).toEqual(parseImageQuery(query));
      expect(fromPath.ok).toBe(true);
    }
  });

  it('refuse what the query form refuses', () => {
    const bad = [
      ['w401', 'catalogue', '4000001', '1-xl.webp.webp'],
      ['w400-w600', 'catalogue', '4000001', '1-xl.webp.webp'],
      ['x400', 'catalogue', '4000001', '1-xl.webp.webp'],
      ['w400', 'catalogue', '4000001', '1-xl.webp.gif'],
      ['w400', 'etc', 'passwd.webp'],
      ['w400', 'catalogue', '..', '..', 'secret.png.webp'],
      ['w400'],
      ['w400', 'catalogue', 'noextension'],
    ];
    for (const segments of bad) expect(parseImagePath(segments).ok, segments.join('/')).toBe(false);
  });
});

describe('reading a page for the crawl', () => {
  const origins = ['http://127.0.0.1:3190', 'https://www.immo-hainaut.be'];
  const html = `<!doctype html><html><head>
    <link rel="stylesheet" href="/_next/static/css/a.css">
    <link rel="canonical" href="https://www.immo-hainaut.be/nl/te-koop/">
    <link rel="alternate" hreflang="fr" href="https://www.immo-hainaut.be/fr/a-vendre/">
    <link rel="icon" href="/icon.svg?abc" type="image/svg+xml">
    <meta property="og:image" content="https://www.immo-hainaut.be/api/image/w1200/catalogue/1/1-xl.webp.png">
    <script type="application/ld+json">{"@graph":[{"logo":"https://www.immo-hainaut.be/images/logo.png","item":"https://www.immo-hainaut.be/nl/"}]}</script>
  </head><body>
    <a href="/nl/te-koop/?page=2#list">next</a><a href="https://elsewhere.example/">out</a><a href="mailto:x@y.be">mail</a>
    <img src="/api/image/w400/catalogue/1/1-xl.webp.webp" srcset="/api/image/w100/a.webp.webp 100w, /catalogue/1/1-xl.webp 1360w">
    <a href="../../fr/">relative</a>
  </body></html>`;

  it('finds the pages and files of this site, with their query, and nothing of other sites', () => {
    const references = pageReferences(html, 'http://127.0.0.1:3190/nl/te-koop/', origins);
    expect(references.pages.sort()).toEqual(['/fr/', '/fr/a-vendre/', '/nl/', '/nl/te-koop/', '/nl/te-koop/?page=2'].sort());
    expect(references.files.sort()).toEqual(
      [
        '/_next/static/css/a.css',
        '/icon.svg?abc',
        '/api/image/w1200/catalogue/1/1-xl.webp.png',
        '/images/logo.png',
        '/api/image/w400/catalogue/1/1-xl.webp.webp',
        '/api/image/w100/a.webp.webp',
        '/catalogue/1/1-xl.webp',
      ].sort(),
    );
  });

  it('reads srcset candidates and maps paths to files', () => {
    expect(srcsetUrls('a.webp 100w, b.webp 2x,c.webp')).toEqual(['a.webp', 'b.webp', 'c.webp']);
    expect(outputFile('/')).toBe('index.html');
    expect(outputFile('/nl/te-koop/')).toBe('nl/te-koop/index.html');
    expect(outputFile("/en/i'm-looking-for/")).toBe("en/i'm-looking-for/index.html");
    expect(outputFile('/sitemap.xml')).toBe('sitemap.xml');
  });
});

describe('draining a crawl queue', () => {
  it('visits what the work adds, never more than the limit at once, and ends when all is done', async () => {
    const queue = [1];
    const done: number[] = [];
    let running = 0;
    let most = 0;
    await drainQueue(
      queue,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (item < 40) queue.push(item * 2, item * 2 + 1);
        done.push(item);
        running -= 1;
      },
      3,
    );
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 79 }, (_, index) => index + 1));
    expect(most).toBe(3);
  });

  it('fails when one piece of work fails', async () => {
    await expect(drainQueue([1, 2], async (item) => (item === 2 ? Promise.reject(new Error('boom')) : undefined), 2)).rejects.toThrow('boom');
    await expect(drainQueue([], async () => undefined, 2)).resolves.toBeUndefined();
  });
});

/** Runs the detection script as a browser would, and returns where it sends the visitor. */
function detect(redirect: LanguageRedirect, visitor: { search?: string; cookie?: string; stored?: string; languages?: string[] }) {
  let target: string | undefined;
  const storage = new Map<string, string>(visitor.stored ? [['NEXT_LOCALE', visitor.stored]] : []);
  const document = { cookie: visitor.cookie ?? '' };
  runInNewContext(`${detectionScript}(${JSON.stringify({ ...redirect, enabled: ['nl', 'fr', 'en'], fallback: 'nl', cookie: 'NEXT_LOCALE' })})`, {
    URLSearchParams,
    location: { search: visitor.search ?? '', hash: '', replace: (url: string) => (target = url) },
    navigator: { languages: visitor.languages ?? [], language: visitor.languages?.[0] ?? '' },
    document,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) },
  });
  return { target, cookie: document.cookie, stored: storage.get('NEXT_LOCALE') };
}

describe('the crawl shared by the export and the browser tests', () => {
  const site = 'http://localhost:3190';
  const pagesOf: Record<string, string> = {
    '/nl/': '<a href="/nl/a/">a</a><a href="/nl/a/">again</a><a href="/old/">old</a><a href="https://elsewhere.be/x">x</a><img src="/p.webp?w=1"><img src="/p.webp?w=2">',
    '/nl/a/': '<a href="/nl/missing/">missing</a><a href="/nl/owner-login/">login</a>',
  };
  const fetched: string[] = [];
  const run = () =>
    crawl({
      seeds: [{ url: '/nl/', kind: 'page', foundOn: '(seed)' }],
      resolve: (url, kind) => (url.startsWith('/skip') ? undefined : { url, key: kind === 'file' ? (url.split('?')[0] ?? url) : url }),
      isServerOnly: (url) => url.includes('owner-login'),
      siteOrigins: [site],
      fetch: async (url) => {
        fetched.push(url);
        if (url === '/old/') return { status: 'redirect', location: '/nl/' };
        const html = pagesOf[url];
        if (html !== undefined) return { status: 'page', url: `${site}${url}`, html };
        return url.startsWith('/p.webp') ? { status: 'file' } : { status: 'failed', code: 404 };
      },
      concurrency: 2,
    });

  it('fetches each page once and each file once whatever its query, follows redirects, and names where a problem was linked', async () => {
    expect(await run()).toEqual({
      pages: 2,
      files: 1,
      problems: [
        { url: '/nl/owner-login/', code: 0, foundOn: '/nl/a/' },
        { url: '/nl/missing/', code: 404, foundOn: '/nl/a/' },
      ],
    });
    expect(fetched.sort()).toEqual(['/nl/', '/nl/a/', '/nl/missing/', '/old/', '/p.webp?w=1']);
  });
});

describe('the language detection of the static pages', () => {
  const home: LanguageRedirect = { targets: { nl: '/nl/', fr: '/fr/', en: '/en/' }, keepQuery: true };

  it('follows ?lng, then the remembered choice, then the browser, then the default (design.md §5)', () => {
    expect(detect(home, { search: '?lng=fr', cookie: 'NEXT_LOCALE=en', languages: ['nl'] }).target).toBe('/fr/');
    expect(detect(home, { cookie: 'a=1; NEXT_LOCALE=en', languages: ['fr'] }).target).toBe('/en/');
    expect(detect(home, { stored: 'fr', languages: ['en'] }).target).toBe('/fr/');
    expect(detect(home, { languages: ['de-DE', 'fr-BE', 'en'] }).target).toBe('/fr/');
    expect(detect(home, { languages: ['de', 'es'] }).target).toBe('/nl/');
    // A language the site has not switched on is not a choice.
    expect(detect(home, { search: '?lng=de', languages: ['en'] }).target).toBe('/en/');
  });

  it('remembers an explicit choice only, and keeps the rest of the query where asked', () => {
    const chosen = detect(home, { search: '?lng=en&city=Mons%7C7000' });
    expect(chosen.target).toBe('/en/?city=Mons%7C7000');
    expect(chosen.cookie).toContain('NEXT_LOCALE=en');
    expect(chosen.stored).toBe('en');
    expect(detect(home, { languages: ['fr'] }).cookie).toBe('');
    expect(detect({ targets: { nl: '/nl/x/' } }, { search: '?page=2' }).target).toBe('/nl/x/');
  });

  it('picks the target of ?id=, or the common one for an unknown id', () => {
    const project: LanguageRedirect = { targets: { nl: '/nl/projecten/', fr: '/fr/projets/' }, byId: { '7': { nl: '/nl/projecten/7/', fr: '/fr/projets/7/' } } };
    expect(detect(project, { search: '?id=7', languages: ['fr'] }).target).toBe('/fr/projets/7/');
    expect(detect(project, { search: '?id=8', languages: ['fr'] }).target).toBe('/fr/projets/');
    // A page missing in the visitor's language falls back to one that exists.
    expect(detect({ targets: { fr: '/fr/x/' } }, { languages: ['nl'] }).target).toBe('/fr/x/');
  });
});

describe('what the export holds', () => {
  it('every route but the owner login and portal pages', () => {
    for (const language of getEnabledLanguages()) {
      const exported = new Set(staticRoutes(language).map((route) => href(route, language)));
      const left = allRoutes(language).filter((route) => !exported.has(href(route, language)));
      expect(left.map((route) => route.page).sort()).toEqual(['forgot-password', 'login', 'set-password']);
      for (const route of left) expect(isServerOnlyPath(href(route, language))).toBe(true);
      expect(isServerOnlyPath(href({ page: 'portal' }, language))).toBe(true);
      expect(isServerOnlyPath(href({ page: 'for-sale' }, language))).toBe(false);
    }
  });
});

describe('the static redirect pages', () => {
  const pages = new Map(staticRedirectPages().map((page) => [page.file, page.html]));

  it('cover /, the lists, the valuation, every listing and the projects', () => {
    for (const file of ['index.html', 'for-sale/index.html', 'for-rent/index.html', 'contact-demand/index.html', 'project/index.html']) expect(pages.has(file), file).toBe(true);
    for (const language of getEnabledLanguages()) {
      for (const property of getProperties(language)) {
        expect(pages.get(`property/${property.id}/index.html`)).toContain(JSON.stringify(href({ page: 'property', id: property.id }, language)));
      }
      for (const project of getProjects(language)) expect(pages.get('project/index.html')).toContain(JSON.stringify(href({ page: 'project', id: project.id }, language)));
    }
  });

  it('work without JavaScript: links to every language and a refresh to the default one', () => {
    const root = pages.get('index.html')!;
    expect(root).toContain('<meta http-equiv="refresh" content="0; url=/nl/">');
    expect(root).toMatch(/<a href="\/fr\/" hreflang="fr" lang="fr">Français<\/a>/);
    expect(root).toContain('<meta name="robots" content="noindex">');
    expect(pages.get('for-sale/index.html')).toContain('url=/nl/te-koop/');
  });
});

describe('the page standing for a server redirect', () => {
  it('refreshes to the target and links it, escaped', () => {
    const html = redirectPage('/fr/a-vendre/?city=Mons|7000&type=2');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/fr/a-vendre/?city=Mons|7000&#38;type=2">');
    expect(html).toContain('<a href="/fr/a-vendre/?city=Mons|7000&#38;type=2">');
    expect(redirectPage('/"><script>')).not.toContain('<script>');
  });
});
