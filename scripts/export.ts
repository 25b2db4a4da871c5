/*
 * npm run export: the public site as plain static files in out/ (EXPORT_DIR), for any static host.
 *
 * 1. `next build` with NEXT_PUBLIC_STATIC_EXPORT=1 into .next-export: pictures get path URLs
 *    (a static host ignores query strings), forms post to NEXT_PUBLIC_API_ORIGIN or say that
 *    requests are unavailable, the owner login links to that server or is left out.
 * 2. `next start` on that build (EXPORT_PORT, default 3190), and a crawl from every language's
 *    pages, following every link and every file a page uses; each answer is written to out/.
 * 3. .next-export/static and public/ copied, the search index saved as .json (and each listing's
 *    column of the comparison), the language
 *    detection page on '/', the unlocalised links as redirect pages, 404.html.
 *
 * 4. The hashes of every file written, kept beside out/ (out.manifest.json), compared with the
 *    previous export's: the summary counts the files added, changed and removed, listed one a
 *    line in out.changes.txt (lib/export/file-changes.ts).
 *
 * A link that answers 4xx/5xx fails the export, naming the page it was found on.
 * `--skip-build` reuses an existing .next-export (same environment!).
 */
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getProperties } from '../lib/catalogue';
import { pinCatalogueFolder } from '../lib/catalogue/source-dir';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../lib/config';
import { compareColumnUrl } from '../lib/favourites/compare-rows';
import { headersFile, nginxSnippet, withPolicyMeta, type ExportPolicyOptions } from '../lib/export/headers';
import { configuredAnalytics, configuredTileOrigin } from '../lib/security/page-policy';
import { crawl, outputFile, type CrawlProblem } from '../lib/export/crawl';
import { recordExportChanges } from '../lib/export/file-changes';
import { redirectPage, staticRedirectPages } from '../lib/export/static-pages';
import { href, isServerOnlyPath, staticRoutes } from '../lib/pages';
import { siteOriginForSeo } from '../lib/seo/origin';

const distDir = process.env.EXPORT_DIST_DIR || '.next-export';
const outDir = path.resolve(process.env.EXPORT_DIR || 'out');
const port = Number(process.env.EXPORT_PORT || 3190);
const server = `http://localhost:${port}`;

// The build, the server crawled and this script read one version of a pulled catalogue, whatever
// a pull publishes meanwhile.
const catalogueFolder = pinCatalogueFolder();
if (!catalogueFolder.ok) {
  console.error(catalogueFolder.problem);
  process.exit(1);
}

const exportEnv = { ...process.env, NEXT_DIST_DIR: distDir, NEXT_PUBLIC_STATIC_EXPORT: '1' };

function build(): void {
  console.log(`Building the static-export variant into ${distDir}…`);
  const result = spawnSync('npx', ['next', 'build'], { env: exportEnv, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('next build failed');
}

async function startServer(): Promise<ChildProcess> {
  mkdirSync('var', { recursive: true });
  const database = `var/export-${port}.db`;
  rmSync(database, { force: true });
  // Its own database and no mail: nothing is posted during the crawl, but the server migrates at start.
  const child = spawn('npx', ['next', 'start', '-p', String(port)], {
    env: {
      ...exportEnv,
      DATABASE_URL: `file:${database}`,
      SMTP_URL: '',
      WEBHOOK_URL: '',
      SITE_SECRET: process.env.SITE_SECRET || randomBytes(32).toString('hex'),
      // The crawl below is this server's one client, on the loopback: it asks for every picture
      // variant and list page once, which the limits for visitors would refuse after the first 120.
      IMAGE_RATE_LIMIT: '1000000',
      LIST_RENDER_LIMIT: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode} (is port ${port} free? set EXPORT_PORT)`);
    try {
      const response = await fetch(`${server}/robots.txt`);
      if (response.ok) return child;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The export server did not answer on ${server}`);
}

function stopServer(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

function write(file: string, body: string | Uint8Array): void {
  const target = path.resolve(outDir, file);
  if (!target.startsWith(outDir + path.sep)) throw new Error(`Refusing to write outside ${outDir}: ${file}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, body);
}

async function crawlAndWrite(): Promise<{ pages: number; files: number; problems: CrawlProblem[] }> {
  const siteOrigins = [new URL(server).origin, new URL(siteOriginForSeo()).origin];
  const publicDir = path.resolve('public');
  const seeds = getEnabledLanguages().flatMap((language) => staticRoutes(language).map((route) => ({ url: href(route, language).split('?')[0]!, kind: 'page' as const, foundOn: '(every route)' })));
  return crawl({
    seeds: [...seeds, { url: '/sitemap.xml', kind: 'file', foundOn: '(seed)' }, { url: '/robots.txt', kind: 'file', foundOn: '(seed)' }],
    resolve: (sitePath, kind) => {
      const pathname = new URL(sitePath, server).pathname;
      // Copied as folders, not fetched one by one.
      if (pathname.startsWith('/_next/static/')) return undefined;
      if (kind === 'file' && existsSync(path.join(publicDir, decodeURIComponent(pathname)))) return undefined;
      return { url: pathname, key: pathname };
    },
    // Those links must point at the API origin (lib/export/links): a static host cannot answer them.
    isServerOnly: isServerOnlyPath,
    siteOrigins,
    fetch: async (sitePath) => {
      const response = await fetch(`${server}${sitePath}`, { redirect: 'manual' });
      if (response.status >= 300 && response.status < 400) {
        const location = new URL(response.headers.get('location') ?? '/', `${server}${sitePath}`);
        const ours = siteOrigins.includes(location.origin);
        write(outputFile(sitePath), redirectPage(ours ? `${location.pathname}${location.search}` : location.href));
        return { status: 'redirect', location: ours ? location.pathname : undefined };
      }
      if (!response.ok) return { status: 'failed', code: response.status };
      const body = new Uint8Array(await response.arrayBuffer());
      write(outputFile(sitePath), body);
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) return { status: 'file' };
      return { status: 'page', url: `${server}${sitePath}`, html: new TextDecoder().decode(body) };
    },
    // A few requests at a time: the server renders nothing (every page is prerendered) but sharp
    // encodes each picture variant once.
    concurrency: 6,
  });
}

/** Every listing's column of the comparison, one small file each: the export's comparison page fetches the few it shows. */
async function writeCompareColumns(language: Language): Promise<void> {
  const ids = getProperties(language).map((listing) => listing.id);
  // A few at a time, as the crawl does.
  for (let start = 0; start < ids.length; start += 6) {
    await Promise.all(
      ids.slice(start, start + 6).map(async (id) => {
        const response = await fetch(`${server}${compareColumnUrl(language, id, false)}`);
        if (!response.ok) throw new Error(`comparison column ${language} ${id}: ${response.status}`);
        write(compareColumnUrl(language, id, true).slice(1), await response.text());
      }),
    );
  }
}

async function writeServerOnlyFiles(): Promise<void> {
  for (const language of getEnabledLanguages()) {
    const response = await fetch(`${server}/api/search-index/${language}/`);
    if (!response.ok) throw new Error(`search index ${language}: ${response.status}`);
    write(`api/search-index/${language}.json`, await response.text());
    const saved = await fetch(`${server}/api/favourites-index/${language}/`);
    if (!saved.ok) throw new Error(`favourites index ${language}: ${saved.status}`);
    write(`api/favourites-index/${language}.json`, await saved.text());
    await writeCompareColumns(language);
  }
  // The page static hosts show for any unknown path, in the default language.
  const missing = await fetch(`${server}/${getDefaultLanguage()}/this-page-does-not-exist/`);
  if (missing.status !== 404) throw new Error(`expected the not-found page to answer 404, got ${missing.status}`);
  write('404.html', await missing.text());
}

/**
 * Every exported page gets its script policy as a <meta> (hashes of its own inline scripts), and
 * out/ gets the host's headers: _headers (Netlify, Cloudflare Pages) and nginx-headers.conf.
 */
function writeSecurityHeaders(): void {
  const options: ExportPolicyOptions = {
    analytics: configuredAnalytics(),
    apiOrigin: process.env.NEXT_PUBLIC_API_ORIGIN?.trim().replace(/\/+$/, '') || undefined,
    tileOrigin: configuredTileOrigin(),
    https: new URL(siteOriginForSeo()).protocol === 'https:',
    languages: getEnabledLanguages(),
  };
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(outDir, file);
    if (relative.startsWith(`_next${path.sep}`)) continue;
    writeFileSync(file, withPolicyMeta(readFileSync(file, 'utf8'), options));
  }
  write('_headers', headersFile(options));
  write('nginx-headers.conf', nginxSnippet(options));
}

async function main(): Promise<void> {
  const started = Date.now();
  // out/ is emptied first: never the project itself or a folder above it.
  if (!path.relative(outDir, process.cwd()).startsWith('..')) {
    throw new Error(`EXPORT_DIR ${outDir} contains the project; choose a folder of its own`);
  }
  if (!process.argv.includes('--skip-build')) build();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const child = await startServer();
  try {
    const result = await crawlAndWrite();
    await writeServerOnlyFiles();
    cpSync(path.join(distDir, 'static'), path.join(outDir, '_next', 'static'), { recursive: true });
    cpSync('public', outDir, { recursive: true });
    for (const page of staticRedirectPages()) write(page.file, page.html);
    writeSecurityHeaders();
    if (result.problems.length > 0) {
      for (const problem of result.problems) console.error(`  ${problem.code || 'server-only page'} ${problem.url} (linked from ${problem.foundOn})`);
      throw new Error(`${result.problems.length} dead link(s): the export is incomplete`);
    }
    const changes = recordExportChanges(outDir);
    const apiOrigin = process.env.NEXT_PUBLIC_API_ORIGIN;
    console.log(
      changes.previous
        ? `Since the last export: ${changes.added.length} files added, ${changes.changed.length} changed, ${changes.removed.length} removed (listed in ${changes.listFile}).`
        : `No earlier export beside ${outDir}: its ${changes.added.length} files are listed as added in ${changes.listFile}.`,
    );
    console.log(`Exported ${result.pages} pages and ${result.files} other files to ${outDir} in ${Math.round((Date.now() - started) / 1000)} s.`);
    console.log(apiOrigin ? `Forms post to ${apiOrigin} (add this site's origin to ALLOWED_ORIGINS there).` : 'NEXT_PUBLIC_API_ORIGIN is not set: the forms say that requests are unavailable.');
  } finally {
    stopServer(child);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
