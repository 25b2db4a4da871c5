import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';

/*
 * The inline scripts of a prerendered page, as CSP hash sources. Next.js writes each prerendered
 * page to `<distDir>/server/app/<path>.html` at build time, and a listing it renders on its first
 * request to its route cache (`renderedCacheFile`), and serves those bytes unchanged (no page
 * revalidates), so the hashes of that file are the hashes of every answer for the page. The
 * static export hashes its own files with the same function.
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
const cache = new Map<string, readonly string[] | null>();
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
 * request): `<distDir>/server/route-cache/APP_PAGE/<sha256 of the app module>/$/<path>.html`
 * (next/dist/server/lib/route-cache-key.js `getRouteCacheKey`, file-system-cache.js
 * `getFilePath`). The build's own files stay in server/app, and Next.js reads them only while that
 * one is missing.
 */
export function renderedCacheFile(relative: string): string {
  const module = createHash('sha256').update(pageModule(relative)).digest('hex');
  return path.resolve(distDir(), 'server', 'route-cache', 'APP_PAGE', module, '$', `${relative}.html`);
}

/**
 * The file Next.js serves for a site path, if the path stays inside the build's page folder: the
 * page it rendered on demand when there is one, else the build's.
 */
export function prerenderedFile(key: string): string | undefined {
  const relative = key.replace(/^\/+|\/+$/g, '');
  const root = path.resolve(distDir(), 'server', 'app');
  const file = path.resolve(root, `${relative}.html`);
  if (relative === '' || !file.startsWith(root + path.sep)) return undefined;
  const rendered = renderedCacheFile(path.relative(root, file).slice(0, -'.html'.length).split(path.sep).join('/'));
  return existsSync(rendered) ? rendered : file;
}

/** Forgets that a page had no file: Next.js has just written the one it rendered on demand. */
export function forgetMissingPage(pathname: string): void {
  const key = pageKey(pathname);
  if (key !== undefined && cache.get(key) === null) cache.delete(key);
}

/**
 * The hashes of the prerendered page at `pathname` (a site path such as /nl/te-koop/), or
 * undefined when the path has no prerendered file (the page is rendered per request).
 */
export function prerenderedScriptHashes(pathname: string): readonly string[] | undefined {
  const key = pageKey(pathname);
  if (key === undefined) return undefined;
  const cached = cache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  // Keyed by page, not by spelling or query; the bound only guards against a caller that passes
  // paths it did not resolve.
  if (cache.size >= maxCachedPages) cache.clear();
  const file = prerenderedFile(key);
  let hashes: readonly string[] | null = null;
  if (file) {
    try {
      hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
    } catch {
      hashes = null;
    }
  }
  cache.set(key, hashes);
  return hashes ?? undefined;
}
