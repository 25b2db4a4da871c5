/*
 * The memory of `next start` on a finished build, as the bench measures it, without the bench's
 * builds (issue 16): starts the server on the build with a catalogue folder, warms the pages the
 * bench warms (three times each), prints its RSS, puts the bench's load on the detail, home and
 * filtered list pages and prints its RSS and peak again. A build of the shipped catalogue served
 * with a larger CATALOGUE_DIR shows the runtime memory of that catalogue: every page rendered on
 * request (lists with a query, pins, detail pages of listings the build did not know) reads it.
 * The warm-up also asks for the pictures those pages show (up to 60 variants, through /api/image),
 * encoded anew in an image cache folder of the run's own, since sharp's memory is the server's.
 * The server is started as `npm start` starts it (scripts/start.mjs: its malloc arenas and heap limit).
 *
 *   npx tsx tooling/bench/server-memory.ts --dist .next-bench-5000 --catalogue var/bench/catalogue-5000 [--port 4310] [--seconds 10]
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({ options: { dist: { type: 'string' }, catalogue: { type: 'string' }, port: { type: 'string' }, seconds: { type: 'string' }, extra: { type: 'string' } } });
if (!values.dist) throw new Error('--dist <build folder> is required');
const port = Number(values.port ?? 4310);
const seconds = Number(values.seconds ?? 10);
const base = `http://127.0.0.1:${port}`;
const documentHeaders = { accept: 'text/html', 'sec-fetch-dest': 'document' };

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** `next start` serves from a process titled next-server, a child of the one spawned. */
function serverPid(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index] ?? 0) ?? []));
  return tree.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('next-server')) ?? root;
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}${path}`, { headers: documentHeaders, redirect: 'manual', signal: AbortSignal.timeout(120_000) });
  return { status: response.status, text: await response.text() };
}

const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));

async function main(): Promise<void> {
  const database = `var/server-memory-${port}.db`;
  rmSync(database, { force: true });
  const imageCache = resolve(`var/server-memory-${port}-images`);
  rmSync(imageCache, { recursive: true, force: true });
  const log = openSync(`var/server-memory-${port}.log`, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: values.dist,
    SITE_URL: base,
    DATABASE_URL: `file:${database}`,
    IMAGE_CACHE_DIR: imageCache,
    SITE_SECRET: process.env.SITE_SECRET || randomBytes(32).toString('hex'),
    ...(values.catalogue ? { CATALOGUE_DIR: resolve(values.catalogue) } : {}),
  };
  delete env.SMTP_URL;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', '-p', String(port)], { env, stdio: ['ignore', log, log] });
  try {
    const until = Date.now() + 10 * 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`next start stopped (exit ${child.exitCode}); see var/server-memory-${port}.log`);
      // `next start` outlives a server that died at start (out of memory reading a large
      // catalogue, for one), so its log says so before its exit code does.
      const logText = readFileSync(`var/server-memory-${port}.log`, 'utf8');
      if (/FATAL ERROR|out of memory/i.test(logText)) throw new Error(`the server died at start:\n${logText.split('\n').slice(0, 12).join('\n')}`);
      if (Date.now() > until) throw new Error('next start did not answer within 10 minutes');
      try {
        await fetch(`${base}/icon.svg`, { signal: AbortSignal.timeout(30_000) });
        break;
      } catch {
        await new Promise((done) => setTimeout(done, 500));
      }
    }
    const pid = serverPid(child.pid ?? 0);
    console.log(`server ${pid} ready: ${MB(status(pid, 'VmRSS'))}`);
    // The bench's pages (tooling/bench/bench.ts pagesOf), found the same way.
    const list = (await get('/fr/a-vendre/')).text;
    const detail = links(list).find((href) => /^\/fr\/a-vendre\/[^?#]+\/\d+\/$/.test(href));
    const project = links((await get('/fr/projets/')).text).find((href) => /^\/fr\/projets\/\d+\/$/.test(href));
    const pages = ['/fr/', '/fr/a-vendre/', '/fr/a-vendre/?city=Mons%7C7000', detail, project, '/fr/services/', '/fr/login/', ...(values.extra ? values.extra.split(',') : [])];
    const pictures = new Set<string>();
    for (const page of pages) {
      if (!page) throw new Error('no detail or project link found');
      for (let round = 0; round < 3; round += 1) {
        const { status: code, text } = await get(page);
        if (round === 2) console.log(`  ${code} ${page}`);
        for (const match of text.matchAll(/\/api\/image\/\?[^"\s,\\]+/g)) pictures.add(match[0].replaceAll('&amp;', '&'));
      }
    }
    console.log(`server RSS after the pages: ${MB(status(pid, 'VmRSS'))}`);
    const asked = [...pictures].slice(0, 60);
    const failed: string[] = [];
    for (const picture of asked) {
      const response = await fetch(`${base}${picture}`, { signal: AbortSignal.timeout(120_000) });
      await response.arrayBuffer();
      if (!response.ok) failed.push(`${response.status} ${picture}`);
    }
    console.log(`  ${asked.length} pictures (${failed.length} failed${failed.length > 0 ? `, first: ${failed[0]}` : ''})`);
    console.log(`server RSS after warm-up: ${MB(status(pid, 'VmRSS'))}`);
    for (const page of [detail, '/fr/', '/fr/a-vendre/?city=Mons%7C7000']) {
      const result = await autocannon({ url: `${base}${page}`, connections: 50, duration: seconds, timeout: 60, headers: documentHeaders });
      console.log(`  ${Math.round(result.requests.total / seconds)} req/s on ${page} (${result.non2xx + result.errors} errors); RSS ${MB(status(pid, 'VmRSS'))}`);
    }
    console.log(`server RSS after the load runs (peak): ${MB(status(pid, 'VmRSS'))} (${MB(status(pid, 'VmHWM'))})`);
  } finally {
    child.kill('SIGTERM');
    rmSync(imageCache, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
