import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';

/*
 * The inline scripts of a prerendered page, as CSP hash sources. Next.js writes each prerendered
 * page to `<distDir>/server/app/<path>.html` at build time, and a page it renders after the
 * build (a listing on its first request, a page a catalogue reload revalidated) to its route cache
 * (`renderedCacheFile`); it serves the bytes of the newest, so the hashes of its current version
 * are the hashes of every answer for the page. The static export hashes its own files with the
 * same function.
 */

const executable = (type: string | undefined) => type === undefined || type === '' || type === 'module' || /^(text|application)\/(java|ecma)script$/i.test(type);

/** 'sha256-…' of every inline script that a browser would execute, in document order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let current: string[] | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && attributes.src === undefined && executable(attributes.type)) current = [];
      },
      ontext(text) {
        current?.push(text);
      },
      onclosetag(name) {
        if (name !== 'script' || current === undefined) return;
        hashes.add(`sha256-${createHash('sha256').update(current.join('')).digest('base64')}`);
        current = undefined;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return [...hashes];
}

const distDir = () => process.env.NEXT_DIST_DIR || '.next';
/** Per page, the hashes of the file as it was when read, named by its time and size. */
const cache = new Map<string, { stamp: string; hashes: readonly string[] }>();
const maxCachedPages = 20_000;

/** The site path as the build names its files: decoded, without query or fragment; undefined if it cannot be decoded. */
export function pageKey(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.replace(/[?#].*$/s, ''));
  } catch {
    return undefined;
  }
}

/** The app module that renders a site path the proxy may send as a file: the home page, or the catch-all. */
const pageModule = (relative: string) => (relative.includes('/') ? '/[lang]/[...path]/page' : '/[lang]/page');

/**
 * Where Next.js 16.4 keeps a page it rendered after the build (a listing rendered on its first
 * request, a page revalidated): `<distDir>/server/route-cache/APP_PAGE/<sha256 of the app
 * module>/$/<path>.html` (next/dist/server/lib/route-cache-key.js `getRouteCacheKey`,
 * file-system-cache.js `getFilePath`). The build's own files stay in server/app, and Next.js
 * reads them only while that one is missing.
 */
export function renderedCacheFile(relative: string): string {
  const moduleHash = createHash('sha256').update(pageModule(relative)).digest('hex');
  return path.resolve(/* turbopackIgnore: true */ distDir(), 'server', 'route-cache', 'APP_PAGE', moduleHash, '$', `${relative}.html`);
}

/**
 * The file Next.js serves for a site path, if the path stays inside the build's page folder: the
 * page it rendered after the build when there is one, else the build's.
 */
export function prerenderedFile(key: string): string | undefined {
  const relative = key.replace(/^\/+|\/+$/g, '');
  const root = path.resolve(/* turbopackIgnore: true */ distDir(), 'server', 'app');
  const file = path.resolve(/* turbopackIgnore: true */ root, `${relative}.html`);
  if (relative === '' || !file.startsWith(root + path.sep)) return undefined;
  const rendered = renderedCacheFile(path.relative(root, file).slice(0, -'.html'.length).split(path.sep).join('/'));
  return existsSync(/* turbopackIgnore: true */ rendered) ? rendered : file;
}

/** What names one version of a file: Next.js rewrites a page's file when it renders it again (a revalidation). */
export const fileStamp = (stats: { mtimeMs: number; size: number }) => `${stats.mtimeMs}:${stats.size}`;

/** Whether bytes read are a whole page, not a file caught while Next.js writes it (it writes in place). */
export const wholePage = (html: string) => /<\/html>\s*$/i.test(html);

/** Records the hashes of a version of a page read elsewhere (prerendered-answers.ts), so both agree. */
export function rememberScriptHashes(key: string, stamp: string, hashes: readonly string[]): void {
  if (cache.size >= maxCachedPages) cache.clear();
  cache.set(key, { stamp, hashes });
}

/**
 * The hashes of the prerendered page at `pathname` (a site path such as /nl/te-koop/), or
 * undefined when the path has no prerendered file (the page is rendered per request). One stat
 * per call: a page Next.js rendered again since is read again.
 */
export function prerenderedScriptHashes(pathname: string): readonly string[] | undefined {
  const key = pageKey(pathname);
  if (key === undefined) return undefined;
  const file = prerenderedFile(key);
  if (!file) return undefined;
  let stamp: string;
  try {
    stamp = fileStamp(statSync(/* turbopackIgnore: true */ file));
  } catch {
    // No file: rendered per request. Remembered as such only up to the bound, like any page.
    return undefined;
  }
  const cached = cache.get(key);
  if (cached && cached.stamp === stamp) return cached.hashes;
  let html: string;
  try {
    html = readFileSync(/* turbopackIgnore: true */ file, 'utf8');
  } catch {
    return undefined;
  }
  if (!wholePage(html)) return undefined;
  const hashes = inlineScriptHashes(html);
  rememberScriptHashes(key, stamp, hashes);
  return hashes;
}
