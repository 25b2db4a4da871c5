/*
 * npm run bench:hostile -- [--base http://127.0.0.1:3000] [--dist .next] [--var var]
 *
 * Measures what the worst bodies and URLs cost a running site (`npm start`, ideally with
 * FORM_RATE_LIMIT raised so that every body is parsed): the event-loop delay each hostile body
 * causes, seen by a probe that fetches a small file every few milliseconds on another connection,
 * against the delay caused by an ordinary form post in the same run; the answer to a 600 MB body;
 * and the disk growth of the build and var/ folders after 500 unknown URLs of every shape.
 * Targets 127.0.0.1 only and stops by itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    var: { type: 'string', default: 'var' },
  },
});
const base = new URL(values.base);
if (base.hostname !== '127.0.0.1' && base.hostname !== 'localhost') throw new Error('bench:hostile targets a local server only');

type Answer = { status: number; ms: number };

/** One request with its own connection, so that the probe never queues behind it. */
function send(method: string, path: string, headers: Record<string, string>, body?: Buffer | AsyncIterable<Buffer>): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method, path, headers: { connection: 'close', ...headers }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    if (!body) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else {
      void (async () => {
        for await (const chunk of body) {
          if (req.destroyed) return;
          if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
        }
        req.end();
      })().catch(() => undefined);
    }
  });
}

/** Runs `work` while a probe fetches a small static file; returns the probe's worst wait. */
async function withProbe(work: () => Promise<Answer>): Promise<{ answer: Answer; worstProbeMs: number }> {
  let running = true;
  let worst = 0;
  const probe = (async () => {
    while (running) {
      const { ms } = await send('GET', '/icon.svg', {});
      worst = Math.max(worst, ms);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const answer = await work();
  await new Promise((resolve) => setTimeout(resolve, 50));
  running = false;
  await probe;
  return { answer, worstProbeMs: worst };
}

const origin = `${base.protocol}//${base.host}`;
const formHeaders = (type: string, length: number) => ({ 'content-type': type, 'content-length': String(length), origin, accept: 'application/json' });

function urlencoded(): Buffer {
  return Buffer.from(Array.from({ length: 15_000 }, () => 'a=1').join('&'));
}

function multipart(parts: number): { body: Buffer; type: string } {
  const boundary = 'bench-boundary-7d1f';
  const chunks: string[] = [];
  for (let index = 0; index < parts; index += 1) chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`);
  chunks.push(`--${boundary}--\r\n`);
  return { body: Buffer.from(chunks.join('')), type: `multipart/form-data; boundary=${boundary}` };
}

function jsonKeys(): Buffer {
  const entries = Array.from({ length: 5_000 }, (_, index) => `"k${index}":1`);
  return Buffer.from(`{${entries.join(',')}}`);
}

async function* endless(totalBytes: number): AsyncIterable<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  for (let sent = 0; sent < totalBytes; sent += chunk.length) yield chunk;
}

function folderBytes(folder: string): number {
  if (!existsSync(folder)) return 0;
  return Number(execFileSync('du', ['-sb', folder], { encoding: 'utf8' }).split('\t')[0]);
}

async function main(): Promise<void> {
  const ordinary = Buffer.from(new URLSearchParams({ firstName: 'Anne', lastName: 'Peeters', email: 'anne@example.be', lang: 'nl', propertyId: '1', remark: 'Graag meer informatie.' }).toString());
  const cases: { name: string; run: () => Promise<Answer>; bytes: number }[] = [
    { name: 'ordinary urlencoded post (baseline)', bytes: ordinary.length, run: () => send('POST', '/api/forms/contact-me/', formHeaders('application/x-www-form-urlencoded', ordinary.length), ordinary) },
  ];
  const repeated = urlencoded();
  cases.push({ name: '60 kB urlencoded, 15,000 repeated names', bytes: repeated.length, run: () => send('POST', '/api/forms/contact-me/', formHeaders('application/x-www-form-urlencoded', repeated.length), repeated) });
  const many = multipart(40_000);
  cases.push({ name: `${(many.body.length / 1e6).toFixed(1)} MB multipart, 40,000 parts`, bytes: many.body.length, run: () => send('POST', '/api/forms/job-application/', formHeaders(many.type, many.body.length), many.body) });
  const keys = jsonKeys();
  cases.push({ name: '64 kB JSON, 5,000 keys', bytes: keys.length, run: () => send('POST', '/api/forms/contact-me/', formHeaders('application/json', keys.length), keys) });
  cases.push({
    name: '600 MB beacon to /api/visits/ (chunked, no length)',
    bytes: 600 * 1024 * 1024,
    run: () => send('POST', '/api/visits/', { 'content-type': 'text/plain', origin, 'transfer-encoding': 'chunked' }, endless(600 * 1024 * 1024)),
  });

  console.log(`Hostile bodies against ${origin} (event-loop delay seen by a probe fetching /icon.svg every 5 ms)`);
  // The first request of each route loads its code; it is not what is measured.
  for (const entry of cases.slice(0, 1)) await entry.run();
  await send('GET', '/icon.svg', {});
  let baseline = 0;
  for (const entry of cases) {
    const { answer, worstProbeMs } = await withProbe(entry.run);
    if (baseline === 0) baseline = Math.max(worstProbeMs, 1);
    console.log(
      `  ${entry.name.padEnd(52)} status ${String(answer.status).padEnd(4)} answered in ${answer.ms.toFixed(0).padStart(6)} ms, worst probe ${worstProbeMs.toFixed(0).padStart(6)} ms (${(worstProbeMs / baseline).toFixed(1)}× the ordinary post)`,
    );
  }

  const before = folderBytes(values.dist) + folderBytes(values.var);
  // New URLs on every run, so that nothing a previous run left in a cache hides the growth.
  const run = Date.now().toString(36);
  const shapes = (index: number) => [
    `/nl/anything-${run}-${index}.y`,
    `/fr/a-vendre/x-${run}-${index}.json`,
    `/en/${'long-segment-'.repeat(40)}${run}-${index}/`,
    `/nl/%C0%AE%C0%AE-${run}-${index}/`,
    `/zz-${run}-${index}.php`,
  ][index % 5]!;
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (let index = 0; index < 500; index += 1) {
    const { status } = await send('GET', shapes(index), {});
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const after = folderBytes(values.dist) + folderBytes(values.var);
  console.log(`500 unknown URLs in ${((performance.now() - started) / 1000).toFixed(1)} s: statuses ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
  console.log(`  disk growth of ${values.dist} and ${values.var}: ${((after - before) / 1024).toFixed(0)} kB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
