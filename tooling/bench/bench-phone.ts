/*
 * npm run bench:phone [-- --rounds 3] [-- --reuse-builds] [-- --direct]
 *
 * What a page costs a phone (issue 40), for the home, a list, a listing and a menu page, next to
 * a bare App Router page (one heading, tooling/bench/bare-app) built from the same node_modules
 * in the same run: the median of `--rounds` interleaved Lighthouse mobile runs (its simulated
 * throttling: the score, LCP, CLS), main-thread work, total blocking time and the moment React
 * has hydrated the page from a trace with the CPU slowed four times, and the HTML's size, its
 * inline payload's share and its element count (lib/js-budget/page-weight.ts). A fifth page, the
 * short disclaimer, measures the site's frame (header, footer, consent dialog) on its own. Every figure is
 * printed as a ratio to the bare page: the machine may be shared and the absolute numbers noisy.
 * Both builds are made with __NEXT_TEST_MODE=1, which only makes Next.js note when hydration ends.
 * Both are served as production serves the site: behind nginx configured with docs/nginx-site.conf
 * (TLS, HTTP/2, a self-signed certificate Chromium is told to accept), the site started as
 * `npm start` with TRUST_PROXY_HOPS=1 and built for its https address (so --reuse-builds wants a
 * build of the same mode). Lighthouse's simulation models the connections it saw: one
 * multiplexed HTTP/2 connection, not the six HTTP/1.1 ones a browser opens to Node directly.
 * --direct measures the Node servers without nginx, as the bench did before.
 *
 * Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium, or Debian's chromium-headless-shell).
 * Needs Debian's nginx and openssl unless --direct. Everything runs on 127.0.0.1 (ports 4311-4319)
 * and is stopped when the bench ends.
 * --reuse-builds keeps the builds of an earlier run (.next-bench-phone, and the bare page's in the system's temporary folder).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { request as httpsRequest } from 'node:https';
import { parseArgs } from 'node:util';
import { pageWeight, payloadShare, type PageWeight } from '../../lib/js-budget/page-weight';
import { nginxBinary, writeNginxSite } from '../test/support/nginx-site';
import { assertNothingAnswers, exitCode, start, stop, stopEverything, waitFor } from './support/processes';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, 'reuse-builds': { type: 'boolean', default: false }, direct: { type: 'boolean', default: false } },
});
const rounds = Math.max(3, Number(values.rounds));

const root = process.cwd();
const host = '127.0.0.1';
const ports = { site: 4311, bare: 4312, chrome: 4315, siteHttps: 4316, siteHttp: 4317, bareHttps: 4318, bareHttp: 4319 };
const direct = values.direct;
const work = join(root, 'var/bench-phone');
/*
 * The bare app is built outside the project: inside it, Turbopack takes the project's root (its
 * lockfile) as the app's and builds the site's instrumentation and proxy into the bare page. Its
 * node_modules is a link to the site's; Turbopack's root is the nearest folder holding both.
 */
const bareDir = join(tmpdir(), 'bench-phone-bare-app');
const siteDist = '.next-bench-phone';
const nextBin = join(root, 'node_modules/next/dist/bin/next');
const chromePath = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path)) || '/usr/bin/chromium';
// Where the bench itself reads the pages (their HTML is the same either way), and where Chromium opens them.
const siteBase = `http://${host}:${ports.site}`;
const bareBase = `http://${host}:${ports.bare}`;
const sitePublic = direct ? siteBase : `https://${host}:${ports.siteHttps}`;
const barePublic = direct ? bareBase : `https://${host}:${ports.bareHttps}`;

const buildEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', __NEXT_TEST_MODE: '1' } satisfies NodeJS.ProcessEnv;
const siteEnv: NodeJS.ProcessEnv = {
  ...buildEnv,
  NEXT_DIST_DIR: siteDist,
  SITE_URL: sitePublic,
  ...(direct ? {} : { TRUST_PROXY_HOPS: '1' }),
  DATABASE_URL: 'file:var/bench-phone/site.db',
  // Nothing the bench signs outlives it.
  SITE_SECRET: process.env.SITE_SECRET || randomBytes(32).toString('hex'),
};
delete siteEnv.SMTP_URL;
delete siteEnv.CRM_URL;

function commonFolder(a: string, b: string): string {
  const [first, second] = [a.split(sep), b.split(sep)];
  let length = 0;
  while (length < first.length && first[length] === second[length]) length += 1;
  return first.slice(0, length).join(sep) || sep;
}

async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, what: string, log: string): Promise<void> {
  const code = await exitCode(start(command, args, { cwd, env, log: join(work, log) }));
  if (code !== 0) throw new Error(`${what} failed (exit ${code}); see var/bench-phone/${log}`);
}

async function buildBoth(): Promise<void> {
  if (!values['reuse-builds'] || !existsSync(join(bareDir, '.next/BUILD_ID'))) {
    rmSync(bareDir, { recursive: true, force: true });
    cpSync(join(root, 'tooling/bench/bare-app'), bareDir, { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(bareDir, 'node_modules'));
    writeFileSync(join(bareDir, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(commonFolder(root, bareDir))} } };\n`);
    console.log('Building the bare App Router page (log: var/bench-phone/build-bare.log)…');
    await run(process.execPath, [nextBin, 'build'], bareDir, buildEnv, 'next build of the bare page', 'build-bare.log');
  }
  if (!values['reuse-builds'] || !existsSync(join(root, siteDist, 'BUILD_ID'))) {
    // `next build` adds its type folder to tsconfig.json; the bench leaves the file as it found it.
    const tsconfig = readFileSync(join(root, 'tsconfig.json'), 'utf8');
    console.log(`Building the site into ${siteDist} (log: var/bench-phone/build-site.log)…`);
    try {
      await run(process.execPath, [nextBin, 'build'], root, { ...siteEnv, SKIP_BUILD_TYPE_CHECK: '1' }, 'next build of the site', 'build-site.log');
    } finally {
      if (readFileSync(join(root, 'tsconfig.json'), 'utf8') !== tsconfig) writeFileSync(join(root, 'tsconfig.json'), tsconfig);
    }
  }
}

async function getHtml(url: string): Promise<string> {
  const response = await fetch(url, { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' }, signal: AbortSignal.timeout(120_000) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

type Page = { name: string; url: string; upstream: string };

async function pagesToMeasure(): Promise<Page[]> {
  const list = await getHtml(`${siteBase}/fr/a-vendre/`);
  const listing = [...list.matchAll(/href="(\/fr\/a-vendre\/[^"?#]+\/\d+\/)"/g)][0]?.[1];
  if (!listing) throw new Error('no listing link on /fr/a-vendre/');
  return [
    { name: 'bare App Router page', base: bareBase, path: '/' },
    { name: 'home', base: siteBase, path: '/fr/' },
    { name: 'list', base: siteBase, path: '/fr/a-vendre/' },
    { name: 'listing', base: siteBase, path: listing },
    { name: 'menu page (services)', base: siteBase, path: '/fr/services/' },
    // Not one of the four: the site's frame (header, footer, consent dialog) around a few
    // paragraphs, which shows how much of each ratio the frame alone takes.
    { name: 'frame only (disclaimer)', base: siteBase, path: '/fr/disclaimer/' },
  ].map(({ name, base, path }) => ({ name, url: `${base === bareBase ? barePublic : sitePublic}${path}`, upstream: `${base}${path}` }));
}

/** Resolves once nginx answers `url` over TLS (its certificate being the bench's own), whatever the status. */
function answersOverTls(url: string): Promise<boolean> {
  return new Promise((done) => {
    const request = httpsRequest(url, { rejectUnauthorized: false, timeout: 5_000 }, (response) => {
      response.resume();
      done(true);
    });
    request.on('error', () => done(false));
    request.on('timeout', () => request.destroy());
    request.end();
  });
}

/** nginx in front of one server, from docs/nginx-site.conf, in a folder of its own under var/bench-phone. */
async function startNginx(name: string, upstreamPort: number, httpsPort: number, httpPort: number): Promise<ChildProcess> {
  const folder = join(work, `nginx-${name}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const config = writeNginxSite(root, { work: folder, upstreamPort, httpPort, httpsPort, serverName: host });
  const nginx = start(nginxBinary, ['-c', config, '-p', folder], { cwd: root, env: process.env, log: join(work, `nginx-${name}.log`) });
  await waitFor(`https://${host}:${httpsPort}/`, nginx, `nginx for ${name} (log: var/bench-phone/nginx-${name}.log)`, 30_000, answersOverTls);
  return nginx;
}

type Result = Record<string, number | null | string>;

/** One Chromium, one Lighthouse run per URL in the given order (tooling/bench/bench-lighthouse.mjs). */
async function lighthouse(urls: string[], mode: 'score' | 'cpu4', log: string): Promise<Map<string, Result>> {
  const args = [join(root, 'tooling/bench/bench-lighthouse.mjs'), String(ports.chrome), ...(mode === 'cpu4' ? ['--cpu4'] : []), ...urls];
  await exitCode(start(process.execPath, args, { cwd: root, env: { ...process.env, CHROMIUM_PATH: chromePath }, log: join(work, log) }));
  const results = new Map<string, Result>();
  for (const line of readFileSync(join(work, log), 'utf8').split('\n')) {
    if (!line.startsWith('{"url"')) continue;
    const parsed: unknown = JSON.parse(line);
    if (parsed === null || typeof parsed !== 'object' || !('url' in parsed)) continue;
    const result: Result = {};
    for (const [key, value] of Object.entries(parsed)) if (value === null || typeof value === 'number' || typeof value === 'string') result[key] = value;
    results.set(String(parsed.url), result);
  }
  return results;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

type Measures = { scores: number[]; lcp: number[]; cls: number[]; mainThread: number[]; tbt: number[]; hydrated: number[]; errors: string[]; weight?: PageWeight };

async function main(): Promise<void> {
  if (!existsSync(chromePath)) throw new Error(`Chromium is missing (${chromePath}): apt-get install chromium-headless-shell, or set CHROMIUM_PATH`);
  mkdirSync(work, { recursive: true });
  const started = performance.now();
  await buildBoth();
  rmSync(join(work, 'site.db'), { force: true });
  await assertNothingAnswers(`${siteBase}/`, 'the site');
  await assertNothingAnswers(`${bareBase}/`, 'the bare page');
  const site = start(process.execPath, [join(root, 'scripts/start.mjs'), '-p', String(ports.site)], { cwd: root, env: siteEnv, log: join(work, 'server-site.log') });
  const bare = start(process.execPath, [nextBin, 'start', '-p', String(ports.bare), '-H', host], { cwd: bareDir, env: buildEnv, log: join(work, 'server-bare.log') });
  const proxies: ChildProcess[] = [];
  try {
    await waitFor(`${siteBase}/icon.svg`, site, 'the site (log: var/bench-phone/server-site.log)', 5 * 60_000);
    await waitFor(`${bareBase}/`, bare, 'the bare page (log: var/bench-phone/server-bare.log)', 60_000);
    if (!direct) {
      if (!existsSync(nginxBinary)) throw new Error(`${nginxBinary} is missing: apt-get install nginx openssl, or measure the servers themselves with --direct`);
      for (const [port, what] of [
        [ports.siteHttps, 'nginx for the site'],
        [ports.bareHttps, 'nginx for the bare page'],
      ] as const)
        await assertNothingAnswers(`http://${host}:${port}/`, what);
      proxies.push(await startNginx('site', ports.site, ports.siteHttps, ports.siteHttp), await startNginx('bare', ports.bare, ports.bareHttps, ports.bareHttp));
    }
    const pages = await pagesToMeasure();
    const measures = new Map<string, Measures>(pages.map((page) => [page.url, { scores: [], lcp: [], cls: [], mainThread: [], tbt: [], hydrated: [], errors: [] }]));
    for (const page of pages) {
      const html = await getHtml(page.upstream);
      const entry = measures.get(page.url);
      if (entry) entry.weight = pageWeight(html);
    }
    // Interleaved: each round measures every page once, the order turning, so that a busy moment of the machine is shared out.
    for (let round = 0; round < rounds; round += 1) {
      const order = pages.map((_, index) => pages[(index + round) % pages.length]?.url ?? '');
      console.log(`Round ${round + 1} of ${rounds}: Lighthouse mobile, then a trace at 4× CPU…`);
      const scores = await lighthouse(order, 'score', `lighthouse-${round + 1}.log`);
      const traces = await lighthouse(order, 'cpu4', `trace-${round + 1}.log`);
      for (const url of order) {
        const entry = measures.get(url);
        if (!entry) continue;
        for (const [result, fields] of [
          [scores.get(url), ['performance', 'lcpMs', 'cls']],
          [traces.get(url), ['mainThreadMs', 'tbtMs', 'hydratedMs', 'cls']],
        ] as const) {
          if (!result || typeof result.error === 'string') {
            entry.errors.push(String(result?.error ?? 'no result'));
            continue;
          }
          for (const field of fields) {
            const value = result[field];
            if (typeof value !== 'number') continue;
            const into = { performance: entry.scores, lcpMs: entry.lcp, cls: entry.cls, mainThreadMs: entry.mainThread, tbtMs: entry.tbt, hydratedMs: entry.hydrated }[field];
            into.push(value);
          }
        }
      }
    }
    report(pages, measures);
  } finally {
    await Promise.all([site, bare, ...proxies].map(stop));
  }
  console.log(`\nPhone bench done in ${((performance.now() - started) / 60_000).toFixed(1)} min.`);
}

function report(pages: Page[], measures: Map<string, Measures>): void {
  const bareUrl = pages[0]?.url ?? '';
  const base = measures.get(bareUrl);
  const times = (value: number, baseline: number | undefined) => (baseline && baseline > 0 && Number.isFinite(value) ? `${(value / baseline).toFixed(2)}×` : '-');
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');
  const rows = pages.map((page) => {
    const entry = measures.get(page.url);
    if (!entry || !base) return { page: page.name };
    const score = median(entry.scores);
    const weight = entry.weight;
    const isBare = page.url === bareUrl;
    return {
      page: page.name,
      'perf (median, runs)': `${Number.isFinite(score) ? score : '-'} (${entry.scores.join(', ')})`,
      'vs bare': isBare ? '' : `${score - median(base.scores) >= 0 ? '+' : ''}${score - median(base.scores)} points`,
      'LCP (median)': ms(median(entry.lcp)),
      'CLS (worst)': entry.cls.length > 0 ? Math.max(...entry.cls).toFixed(3) : '-',
      'main thread 4×': `${ms(median(entry.mainThread))}${isBare ? '' : ` ${times(median(entry.mainThread), median(base.mainThread))}`}`,
      'TBT 4×': `${ms(median(entry.tbt))}${isBare ? '' : ` ${times(median(entry.tbt), median(base.tbt))}`}`,
      'hydrated 4×': `${ms(median(entry.hydrated))}${isBare ? '' : ` ${times(median(entry.hydrated), median(base.hydrated))}`}`,
      HTML: weight ? `${(weight.htmlBytes / 1000).toFixed(1)} kB${isBare || !base.weight ? '' : ` ${times(weight.htmlBytes, base.weight.htmlBytes)}`}` : '-',
      'payload share': weight ? `${(100 * payloadShare(weight)).toFixed(0)} %` : '-',
      elements: weight ? `${weight.elements}${isBare || !base.weight ? '' : ` ${times(weight.elements, base.weight.elements)}`}` : '-',
      errors: entry.errors.length > 0 ? entry.errors.join('; ').slice(0, 80) : '',
    };
  });
  const served = direct ? 'straight from the Node servers (--direct)' : 'through nginx with docs/nginx-site.conf (TLS, HTTP/2)';
  console.log(`\nWhat a page costs a phone, ${rounds} interleaved rounds, served ${served} (ratios to the bare App Router page of the same node_modules):`);
  console.table(rows);
  const moved = pages.filter((page) => (measures.get(page.url)?.cls ?? []).some((value) => value > 0));
  if (moved.length > 0) console.log(`Layout shifts on ${moved.map((page) => page.name).join(', ')}: what moved is in the "shifts" of var/bench-phone/lighthouse-*.log and trace-*.log.`);
  const failed = pages.filter((page) => (measures.get(page.url)?.errors.length ?? 0) > 0);
  if (failed.length > 0) {
    console.error(`Some runs failed: ${failed.map((page) => page.name).join(', ')} (logs in var/bench-phone).`);
    process.exitCode = 1;
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(stopEverything);
