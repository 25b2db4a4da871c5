/*
 * npm run bench [-- --quick] [-- --listings 5000] [-- --seconds 10] [-- --reuse-builds]
 *
 * Measures the site at the shipped catalogue and at a generated one of 5,000 listings
 * (demo-data/scale-catalogue.ts), each built into its own folder and served by `next start`,
 * and prints one table per catalogue size: first-load JavaScript per page type, HTML sizes, the
 * search index, requests/s against nginx serving the same bytes, server memory, build time and
 * output. What a page costs a phone (Lighthouse, main-thread work) is `npm run bench:phone`.
 * Every figure that has a baseline is printed next to it as a ratio, never against a target:
 * the machine may be shared and the absolute numbers noisy. --quick: 500 listings, 3 s runs.
 *
 * Needs nginx (/usr/sbin/nginx) from Debian. Every request goes to
 * 127.0.0.1 (ports 4301-4303) and everything it starts is stopped when it ends, even on failure.
 * --reuse-builds keeps the catalogue and builds of an earlier run (var/bench, .next-bench-*).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { parseDocument } from 'htmlparser2';
import { assertNothingAnswers, exitCode, start, stop, stopEverything, waitFor } from './support/processes';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    listings: { type: 'string' },
    seconds: { type: 'string' },
    'reuse-builds': { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const scaledCount = Number(values.listings ?? (quick ? 500 : 5000));
const seconds = Number(values.seconds ?? (quick ? 3 : 10));
const connections = 50;

const root = process.cwd();
const host = '127.0.0.1';
const ports = { shipped: 4301, scaled: 4302, nginx: 4303 };
const work = join(root, 'var/bench');
const nginxPath = '/usr/sbin/nginx';
const nextBin = join(root, 'node_modules/next/dist/bin/next');

/** The process and its descendants, from /proc (Linux). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces; the parent pid is the second field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index] ?? 0) ?? []));
  return tree;
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process that serves the pages: `next start` names it next-server; the largest of the tree otherwise. */
function serverPid(child: ChildProcess): number {
  const tree = processTree(child.pid ?? 0);
  const named = tree.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('next-server');
    } catch {
      return false;
    }
  });
  return named ?? tree.reduce((best, pid) => (statusField(pid, 'VmRSS') > statusField(best, 'VmRSS') ? pid : best), child.pid ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Formatting

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes >= 100 * 1024 * 1024 ? 0 : 1)} MB`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? MB(bytes) : kB(bytes));
const duration = (ms: number) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`);
const ratio = (value: number, baseline: number) => (baseline > 0 ? `${(value / baseline).toFixed(value / baseline < 0.1 ? 3 : 2)}×` : '');
const shorten = (text: string) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);
const errorText = (error: unknown) => shorten((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');

type Row = { measure: string; site: string; baseline?: string; ratio?: string };
let failures = 0;

/** A measure that failed is printed as failed in its row; the others go on. */
async function attempt(rows: Row[], measure: string, run: () => Promise<Row[]>): Promise<void> {
  try {
    rows.push(...(await run()));
  } catch (error) {
    failures += 1;
    rows.push({ measure, site: `failed: ${errorText(error)}` });
  }
}

function printTable(title: string, rows: Row[]): void {
  const header: Row = { measure: 'measure', site: 'site', baseline: 'baseline', ratio: 'site / baseline' };
  const widths = {
    measure: Math.max(...[header, ...rows].map((row) => row.measure.length)),
    site: Math.max(...[header, ...rows].map((row) => row.site.length)),
    baseline: Math.max(...[header, ...rows].map((row) => (row.baseline ?? '').length)),
  };
  const line = (row: Row) => `  ${row.measure.padEnd(widths.measure)} │ ${row.site.padStart(widths.site)} │ ${(row.baseline ?? '').padStart(widths.baseline)} │ ${row.ratio ?? ''}`.trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`  ${'─'.repeat(widths.measure)}─┼─${'─'.repeat(widths.site)}─┼─${'─'.repeat(widths.baseline)}─┼─${'─'.repeat(16)}`);
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------
// Builds

type Catalogue = { label: string; listings: number; catalogueDir: string; distDir: string; port: number };

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

function siteUrl(catalogue: Catalogue): string {
  return `http://${host}:${catalogue.port}`;
}

const benchSecret = randomBytes(32).toString('hex');

function serverEnv(catalogue: Catalogue): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: catalogue.distDir,
    CATALOGUE_DIR: catalogue.catalogueDir,
    SITE_URL: siteUrl(catalogue),
    DATABASE_URL: `file:var/bench-${catalogue.port}.db`,
    // Nothing the bench signs outlives it.
    SITE_SECRET: process.env.SITE_SECRET || benchSecret,
  };
  // No mail leaves the bench: requests wait in the outbox of its own database.
  delete env.SMTP_URL;
  return env;
}

type Build = { ms: number; peakBytes: number; reused: boolean };

async function build(catalogue: Catalogue): Promise<Build> {
  const dist = join(root, catalogue.distDir);
  const record = join(dist, 'bench-build.json');
  if (values['reuse-builds'] && existsSync(join(dist, 'BUILD_ID'))) {
    const saved: unknown = existsSync(record) ? JSON.parse(readFileSync(record, 'utf8')) : undefined;
    const number = (key: string) => (saved !== null && typeof saved === 'object' && key in saved ? Number(Reflect.get(saved, key)) : 0);
    return { ms: number('ms'), peakBytes: number('peakBytes'), reused: true };
  }
  rmSync(dist, { recursive: true, force: true });
  // `next build` adds its type folder to tsconfig.json; the bench leaves the file as it found it.
  const tsconfig = readFileSync(join(root, 'tsconfig.json'), 'utf8');
  console.log(`Building the ${catalogue.label} catalogue into ${catalogue.distDir} (log: var/bench/build-${catalogue.port}.log)…`);
  const started = performance.now();
  // The type check is the same at every catalogue size; the test command runs it.
  const child = start(process.execPath, [nextBin, 'build'], { cwd: root, env: { ...serverEnv(catalogue), SKIP_BUILD_TYPE_CHECK: '1' }, log: join(work, `build-${catalogue.port}.log`) });
  let peakBytes = 0;
  const sampler = setInterval(() => {
    const bytes = processTree(child.pid ?? 0).reduce((sum, pid) => sum + statusField(pid, 'VmRSS'), 0);
    peakBytes = Math.max(peakBytes, bytes);
  }, 1000);
  const code = await exitCode(child);
  clearInterval(sampler);
  if (readFileSync(join(root, 'tsconfig.json'), 'utf8') !== tsconfig) writeFileSync(join(root, 'tsconfig.json'), tsconfig);
  if (code !== 0) throw new Error(`next build of the ${catalogue.label} catalogue failed (exit ${code}); see var/bench/build-${catalogue.port}.log`);
  const result = { ms: performance.now() - started, peakBytes, reused: false };
  // Kept with the build, so that a run with --reuse-builds still shows what the build cost.
  writeFileSync(record, JSON.stringify(result));
  return result;
}

function buildRows(catalogue: Catalogue, result: Build): Row[] {
  const dist = join(root, catalogue.distDir);
  const bytes = folderBytes(dist);
  const manifest: unknown = JSON.parse(readFileSync(join(dist, 'prerender-manifest.json'), 'utf8'));
  const routes = manifest !== null && typeof manifest === 'object' && 'routes' in manifest && manifest.routes !== null && typeof manifest.routes === 'object' ? manifest.routes : {};
  const pages = Object.keys(routes).length;
  return [
    { measure: 'build time (no type check)', site: result.ms > 0 ? `${duration(result.ms)}${result.reused ? ' (earlier run)' : ''}` : 'reused, not measured' },
    { measure: 'build peak memory (process tree)', site: result.peakBytes > 0 ? `${MB(result.peakBytes)}${result.reused ? ' (earlier run)' : ''}` : 'reused, not measured' },
    { measure: 'build output (dist folder)', site: MB(bytes) },
    { measure: 'prerendered pages', site: String(pages) },
    { measure: 'build output per prerendered page', site: pages > 0 ? kB(bytes / pages) : '-' },
  ];
}

// ---------------------------------------------------------------------------------------------
// Servers

/** A browser's page load says so; the server keeps the answers of pages loaded that way (a list with a query). */
const documentHeaders = { accept: 'text/html', 'sec-fetch-dest': 'document' };

async function get(url: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(url, { headers: documentHeaders, redirect: 'manual', signal: AbortSignal.timeout(120_000) });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

async function getOk(url: string): Promise<Buffer> {
  const { status, body } = await get(url);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  return body;
}

async function startServer(catalogue: Catalogue): Promise<ChildProcess> {
  rmSync(join(root, `var/bench-${catalogue.port}.db`), { force: true });
  await assertNothingAnswers(`${siteUrl(catalogue)}/`, `the ${catalogue.label} server`);
  // No -H: the proxy's rewrites call the server back at localhost, which may resolve to ::1.
  // As `npm start` starts it (scripts/start.mjs): the server's memory settings are part of what is measured.
  const child = start(process.execPath, [join(root, 'scripts/start.mjs'), '-p', String(catalogue.port)], { cwd: root, env: serverEnv(catalogue), log: join(work, `server-${catalogue.port}.log`) });
  await waitFor(`${siteUrl(catalogue)}/icon.svg`, child, `the ${catalogue.label} server (log: var/bench/server-${catalogue.port}.log)`, 10 * 60_000);
  return child;
}

const nginxRoot = join(work, 'nginx');
const nginxWww = join(nginxRoot, 'www');

async function startNginx(): Promise<ChildProcess> {
  rmSync(nginxRoot, { recursive: true, force: true });
  await assertNothingAnswers(`http://${host}:${ports.nginx}/`, 'nginx');
  mkdirSync(join(nginxRoot, 'temp'), { recursive: true });
  mkdirSync(nginxWww, { recursive: true });
  writeFileSync(join(nginxWww, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  const temp = join(nginxRoot, 'temp');
  // One worker: the Next.js server answers on one thread too.
  writeFileSync(
    join(nginxRoot, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(nginxRoot, 'nginx.pid')};`,
      `error_log ${join(nginxRoot, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi; uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;`,
      `  server { listen ${host}:${ports.nginx}; root ${nginxWww}; location / { } }`,
      '}',
      '',
    ].join('\n'),
  );
  const child = start(nginxPath, ['-p', nginxRoot, '-c', join(nginxRoot, 'nginx.conf'), '-e', join(nginxRoot, 'error.log')], { cwd: root, env: process.env, log: join(work, 'nginx.log') });
  await waitFor(`http://${host}:${ports.nginx}/robots.txt`, child, 'nginx', 30_000);
  return child;
}

// ---------------------------------------------------------------------------------------------
// Page measures

type Page = { name: string; path: string };

/** The hrefs of a page's links, in document order. */
function links(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

async function pagesOf(base: string): Promise<{ pages: Page[]; lastListPage: number }> {
  const list = (await getOk(`${base}/fr/a-vendre/`)).toString('utf8');
  const detail = links(list).find((href) => /^\/fr\/a-vendre\/[^?#]+\/\d+\/$/.test(href));
  if (!detail) throw new Error('no listing link on /fr/a-vendre/');
  const projects = (await getOk(`${base}/fr/projets/`)).toString('utf8');
  const project = links(projects).find((href) => /^\/fr\/projets\/\d+\/$/.test(href));
  if (!project) throw new Error('no project link on /fr/projets/');
  const pageNumbers = links(list).flatMap((href) => {
    const match = /^\/fr\/a-vendre\/\?(?:.*&)?page=(\d+)/.exec(href);
    return match ? [Number(match[1])] : [];
  });
  const lastListPage = Math.min(100, Math.max(1, ...pageNumbers));
  return {
    lastListPage,
    pages: [
      { name: 'home', path: '/fr/' },
      { name: 'list', path: '/fr/a-vendre/' },
      { name: 'list filtered', path: '/fr/a-vendre/?city=Mons%7C7000' },
      { name: 'detail', path: detail },
      { name: 'project', path: project },
      { name: 'menu page (services)', path: '/fr/services/' },
      { name: 'login', path: '/fr/login/' },
    ],
  };
}

/** The scripts an HTML page makes a current browser load: <script src>, preloads and module preloads. */
function scriptUrls(html: string, base: string): string[] {
  const urls = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if ('name' in node && 'attribs' in node && node.attribs !== null && typeof node.attribs === 'object') {
      const attribs = new Map(Object.entries(node.attribs));
      const rel = attribs.get('rel') ?? '';
      // A nomodule script (Next's polyfills) is skipped by every browser that runs modules.
      if (node.name === 'script' && attribs.get('src') && !attribs.has('nomodule')) urls.add(new URL(String(attribs.get('src')), base).href);
      if (node.name === 'link' && attribs.get('href') && (rel === 'modulepreload' || (rel === 'preload' && attribs.get('as') === 'script'))) {
        urls.add(new URL(String(attribs.get('href')), base).href);
      }
    }
    if ('children' in node && Array.isArray(node.children)) node.children.forEach(visit);
  };
  visit(parseDocument(html));
  return [...urls];
}

const gzipCache = new Map<string, number>();
async function firstLoadJs(html: string, base: string): Promise<{ scripts: number; gzip: number }> {
  let gzip = 0;
  const urls = scriptUrls(html, base);
  for (const url of urls) {
    const known = gzipCache.get(url) ?? gzipSync(await getOk(url)).length;
    gzipCache.set(url, known);
    gzip += known;
  }
  return { scripts: urls.length, gzip };
}

type Load = { rps: number; total: number; errors: number; aloneMs: number };

/** One request alone (what a visitor waits on an idle server), then `connections` at once for `seconds`. */
async function load(url: string): Promise<Load> {
  const started = performance.now();
  await get(url);
  const aloneMs = performance.now() - started;
  const result = await autocannon({ url, connections, duration: seconds, timeout: 60, headers: documentHeaders });
  // Counted over the run rather than averaged per second: a slow page completes few requests.
  const total = result.requests.total;
  return { rps: total / Math.max(result.duration, seconds), total, errors: result.errors + result.timeouts + result.non2xx, aloneMs };
}

const rpsText = (run: Load) => `${run.rps.toFixed(run.rps < 10 ? 2 : 0)} req/s (${run.total} in ${seconds} s, alone ${run.aloneMs.toFixed(0)} ms${run.errors > 0 ? `, ${run.errors} errors` : ''})`;

// ---------------------------------------------------------------------------------------------
// One catalogue size

async function measure(catalogue: Catalogue, built: Build): Promise<Row[]> {
  const rows: Row[] = [];
  const base = siteUrl(catalogue);
  const staticBase = `http://${host}:${ports.nginx}`;
  const staticDir = join(nginxWww, catalogue.label);
  mkdirSync(staticDir, { recursive: true });
  await attempt(rows, 'build', async () => buildRows(catalogue, built));

  console.log(`Starting the ${catalogue.label} server on ${base}…`);
  const server = await startServer(catalogue);
  try {
    const { pages, lastListPage } = await pagesOf(base);
    const bodies = new Map<string, Buffer>();
    // Warm-up: each page a few times, so that nothing measured pays for a first render.
    for (const page of pages) {
      for (let round = 0; round < 3; round += 1) {
        const { status, body } = await get(`${base}${page.path}`);
        if (status === 200) bodies.set(page.name, body);
        else if (round === 2) {
          failures += 1;
          rows.push({ measure: `page ${page.name}`, site: `failed: ${page.path} answered ${status}` });
        }
      }
    }
    const pid = serverPid(server);
    rows.push({ measure: 'server RSS after warm-up', site: MB(statusField(pid, 'VmRSS')) });

    for (const page of pages) {
      await attempt(rows, `first-load JS, ${page.name}`, async () => {
        const html = bodies.get(page.name);
        if (!html) throw new Error(`${page.path} gave no page`);
        const js = await firstLoadJs(html.toString('utf8'), base);
        return [{ measure: `first-load JS (gzip), ${page.name}`, site: `${kB(js.gzip)} in ${js.scripts} scripts` }];
      });
    }
    for (const page of pages) {
      const html = bodies.get(page.name);
      if (html) rows.push({ measure: `HTML, ${page.name} (${page.path.length > 40 ? `${page.path.slice(0, 37)}…` : page.path})`, site: `${size(html.length)}, ${kB(gzipSync(html).length)} gzip` });
    }
    await attempt(rows, 'HTML, list page N', async () => {
      const path = `/fr/a-vendre/?page=${lastListPage}`;
      const html = await getOk(`${base}${path}`);
      return [{ measure: `HTML, list ${path}${lastListPage < 100 ? ' (last page)' : ''}`, site: `${size(html.length)}, ${kB(gzipSync(html).length)} gzip` }];
    });
    await attempt(rows, 'search index', async () => {
      const index = await getOk(`${base}/api/search-index/fr/`);
      return [{ measure: 'search index (/api/search-index/fr/, fetched on focus)', site: `${size(index.length)}, ${kB(gzipSync(index).length)} gzip` }];
    });

    // Requests/s: the server against nginx serving the bytes the server gave for the same URL.
    let detail: Load | undefined;
    for (const name of ['detail', 'home', 'list filtered']) {
      await attempt(rows, `requests/s, ${name}`, async () => {
        const page = pages.find((candidate) => candidate.name === name);
        const body = bodies.get(name);
        if (!page || !body) throw new Error(`no ${name} page`);
        const file = `${name.replace(/\s+/g, '-')}.html`;
        writeFileSync(join(staticDir, file), body);
        console.log(`  ${catalogue.label}: ${connections} connections for ${seconds} s on ${page.path} and on nginx…`);
        const site = await load(`${base}${page.path}`);
        const nginx = await load(`${staticBase}/${catalogue.label}/${file}`);
        if (name === 'detail') detail = site;
        const result: Row[] = [{ measure: `requests/s, ${name} (nginx: same bytes)`, site: rpsText(site), baseline: rpsText(nginx), ratio: ratio(site.rps, nginx.rps) }];
        if (name === 'list filtered' && detail) {
          result.push({ measure: 'requests/s, list filtered (baseline: the detail page)', site: rpsText(site), baseline: rpsText(detail), ratio: ratio(site.rps, detail.rps) });
        }
        return result;
      });
    }
    rows.push({ measure: 'server RSS after the load runs (peak)', site: `${MB(statusField(pid, 'VmRSS'))} (${MB(statusField(pid, 'VmHWM'))})` });
  } finally {
    await stop(server);
  }
  return rows;
}

async function generateScaled(count: number, outDir: string): Promise<void> {
  if (values['reuse-builds'] && existsSync(join(outDir, 'properties.json'))) return;
  console.log(`Generating a catalogue of ${count} listings into ${outDir}…`);
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  const child = start(process.execPath, [tsx, '--tsconfig', 'demo-data/tsconfig.json', 'demo-data/scale-catalogue.ts', String(count), outDir], {
    cwd: root,
    env: process.env,
    log: join(work, 'scale-catalogue.log'),
  });
  const code = await exitCode(child);
  if (code !== 0) throw new Error(`demo-data/scale-catalogue.ts failed (exit ${code}); see var/bench/scale-catalogue.log`);
}

function shippedListings(): number {
  const file: unknown = JSON.parse(readFileSync(join(root, 'data/catalogue/properties.json'), 'utf8'));
  const records = file !== null && typeof file === 'object' && 'records' in file && Array.isArray(file.records) ? file.records : [];
  return new Set(records.map((record: unknown) => (record !== null && typeof record === 'object' && 'ID' in record ? record.ID : undefined))).size;
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!existsSync(nginxPath)) throw new Error(`nginx is missing (${nginxPath}): apt-get install nginx-light`);
  mkdirSync(work, { recursive: true });
  const scaledDir = `var/bench/catalogue-${scaledCount}`;
  const catalogues: Catalogue[] = [
    { label: 'shipped', listings: shippedListings(), catalogueDir: resolve(root, 'data/catalogue'), distDir: '.next-bench-shipped', port: ports.shipped },
    { label: `scaled-${scaledCount}`, listings: scaledCount, catalogueDir: resolve(root, scaledDir), distDir: `.next-bench-${scaledCount}`, port: ports.scaled },
  ];
  console.log(`Bench${quick ? ' (quick)' : ''}: ${catalogues.map((catalogue) => `${catalogue.listings} listings`).join(' and ')}, ${connections} connections for ${seconds} s per load run.`);

  // One build at a time: the machine may be shared, and builds use every core.
  const builds: Build[] = [];
  for (const catalogue of catalogues) {
    if (catalogue.label !== 'shipped') await generateScaled(scaledCount, catalogue.catalogueDir);
    builds.push(await build(catalogue));
  }
  const nginx = await startNginx();
  try {
    for (const [index, catalogue] of catalogues.entries()) {
      const built = builds[index];
      if (!built) continue;
      const rows = await measure(catalogue, built);
      printTable(`${catalogue.label} catalogue: ${catalogue.listings} listings per language (CATALOGUE_DIR=${catalogue.catalogueDir.replace(`${root}/`, '')})`, rows);
    }
  } finally {
    await stop(nginx);
  }
  console.log(`\nBench done in ${duration(performance.now() - started)}${failures > 0 ? `, ${failures} measure(s) failed` : ''}.`);
  if (failures > 0) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(stopEverything);
