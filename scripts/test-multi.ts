/*
 * npm run test:multi (part of npm test): two `next start` instances of one build on ONE database
 * behind a round-robin proxy (a few lines of Node below, one upstream after the other per
 * request), with one SITE_SECRET, the shared stores (RATE_LIMIT_STORE and UPLOAD_STORE=database)
 * and the loopback SMTP sink of the browser tests (tests/e2e/mail-sink.mjs). It shows:
 *
 *   - a captcha minted on one instance solved on the other (the picture and the ALTCHA challenge);
 *   - a form limit shared across instances (the proxy alternates; the limit counts once);
 *   - a visitor counted once whichever instance answers;
 *   - 100 parallel bookings of one slot spread over both, 0 overbooked;
 *   - 500 submissions, every mail sent exactly once;
 *   - `kill -9` of one instance while it holds claimed outbox jobs (its mail server hangs): the
 *     other sends them after the lease, and an upload stored through the killed one is mailed by
 *     the other;
 *   - SIGTERM of an instance holding a claimed job: it hands the job back and the other sends it
 *     at once, not after its lease.
 *
 * It builds nothing: it serves the site build of the browser tests (.next-e2e-<E2E_PORT>), or
 * MULTI_BUILD_DIR, or .next (npm run build). MULTI_DATABASE_URL picks the database (default: a
 * fresh schema of the test PostgreSQL when TEST_POSTGRES_URL is set, as under npm test, else a
 * fresh SQLite file under var/multi/); MULTI_PORT the first of six ports (default E2E_PORT + 60).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, Agent, type Server as HttpServer } from 'node:http';
import { connect, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';

import { getAppointmentSlots, getProperties } from '../lib/catalogue';
import { openStore } from '../lib/db';
import { captchaCookie, openCaptcha } from '../lib/forms/captcha';
import { altchaSolution } from '../tests/unit/altcha-solution';
import { brusselsNow } from '../lib/forms/slots';
import { brusselsDay } from '../lib/db/retention';
import { freshPostgresUrl } from '../tests/unit/test-stores';

// The instances and this test share one secret (the key is derived on first use, after this line):
// the test reads the answer of a captcha cookie as a person reads the picture.
const secret = randomBytes(32).toString('hex');
process.env.SITE_SECRET = secret;

// npm runs scripts from the project folder.
const root = process.cwd();
const sitePort = Number(process.env.E2E_PORT ?? 3100);
const base = Number(process.env.MULTI_PORT ?? sitePort + 60);
const ports = { a: base, b: base + 1, proxy: base + 2, mail: base + 3, gate: base + 4, c: base + 5 };
const work = path.join(root, 'var', `multi-${base}`);
const mailFolder = path.join(work, 'mailbox');
/** MULTI_DATABASE_URL; else, under npm test, a fresh schema of the test PostgreSQL; else a fresh SQLite file. */
let databaseUrl = process.env.MULTI_DATABASE_URL || `file:${path.join(work, 'site.db')}`;
const proxyUrl = `http://localhost:${ports.proxy}`;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildDirectory(): string {
  const candidates = [process.env.MULTI_BUILD_DIR, `.next-e2e-${sitePort}`, '.next'].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(path.join(root, dir, 'BUILD_ID')));
  if (!found) throw new Error(`No production build in ${candidates.join(', ')}: run npm run build (or the browser tests' build) first`);
  return found;
}

const failures: string[] = [];
function check(condition: boolean, what: string): void {
  console.log(`${condition ? '  ✓' : '  ✗'} ${what}`);
  if (!condition) failures.push(what);
}

async function until(what: string, test: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await test().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

// ── The processes and servers of the test ──────────────────────────────────────────────────────

const children: ChildProcess[] = [];
const servers: (HttpServer | TcpServer)[] = [];

function startInstance(name: string, port: number, smtpPort: number, extra: Record<string, string> = {}): ChildProcess {
  const log = openSync(path.join(work, `instance-${name}.log`), 'a');
  // Started as npm start starts the site (its keep-alive, heap limit and malloc settings).
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '-p', String(port)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: buildDirectory(),
      DATABASE_URL: databaseUrl,
      SITE_SECRET: secret,
      SITE_URL: proxyUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_TIMEOUT_MS: '3000',
      OUTBOX_POLL_MS: '300',
      OUTBOX_RETRY_BASE_MS: '300',
      OUTBOX_RETRY_MAX_MS: '1000',
      OUTBOX_PROBE_MS: '500',
      OUTBOX_LEASE_MARGIN_MS: '1000',
      FORM_RATE_LIMIT: '10',
      RATE_LIMIT_STORE: 'database',
      UPLOAD_STORE: 'database',
      // Each instance its own folder: nothing may depend on a disk the other does not see.
      UPLOAD_DIR: path.join(work, `uploads-${name}`),
      TRUST_PROXY_HOPS: '1',
      ...extra,
    },
  });
  children.push(child);
  return child;
}

async function ready(port: number): Promise<void> {
  await until(`the server on ${port}`, async () => (await fetch(`http://localhost:${port}/robots.txt`)).ok, 120_000, 250);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** The loopback SMTP sink of the browser tests, in a mailbox folder of its own. */
function startMailSink(): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'tests/e2e/mail-sink.mjs'), String(ports.mail), mailFolder], { cwd: root, detached: true, stdio: 'ignore' });
  children.push(child);
  return child;
}

type Mail = { jobId: string; to: string[]; raw: string };
function mailbox(): Mail[] {
  return readdirSync(mailFolder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const message = JSON.parse(readFileSync(path.join(mailFolder, file), 'utf8')) as { to: string[]; raw: string };
      return { jobId: /^X-Outbox-Job:\s*(\S+)/im.exec(message.raw)?.[1] ?? '', to: message.to, raw: message.raw };
    });
}

/**
 * The mail path of instances A and C: passes SMTP through to the sink, or, stalled, accepts the
 * connection and never greets, as a mail server that went away: a send then hangs, its job claimed.
 */
const gate = { stalled: false, held: [] as Socket[] };
function startGate(): Promise<void> {
  const server = createTcpServer((socket) => {
    if (gate.stalled) {
      gate.held.push(socket);
      socket.on('error', () => undefined);
      return;
    }
    const upstream = connect(ports.mail, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(ports.gate, '127.0.0.1', resolve));
}

/**
 * The load balancer: each request to the next upstream in turn. It reports the client as a real
 * one does (X-Forwarded-For, TRUST_PROXY_HOPS=1); `x-test-client` stands for the client's address.
 */
const proxyCounts = new Map<number, number>();
function startProxy(upstreams: number[]): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = createHttpServer((incoming, outgoing) => {
    const port = upstreams[next++ % upstreams.length] ?? upstreams[0] ?? 0;
    proxyCounts.set(port, (proxyCounts.get(port) ?? 0) + 1);
    const { 'x-test-client': client, ...headers } = incoming.headers;
    headers['x-forwarded-for'] = String(client ?? incoming.socket.remoteAddress ?? '');
    const upstream = httpRequest({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(ports.proxy, '127.0.0.1', resolve));
}

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

const contact = { title: 'ms', firstName: 'Marie', lastName: 'Dubois', phone: '0475 12 34 56', privacy: true, city: 'Mons', lang: 'fr' };
let clientSequence = 0;
/** A client address of its own (TEST-NET-2), so that the form limit counts only where a phase wants it to. */
const newClient = () => {
  clientSequence += 1;
  return `198.51.${Math.floor(clientSequence / 250)}.${(clientSequence % 250) + 1}`;
};
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function headersFor(url: string, client: string, extra: Record<string, string> = {}): Record<string, string> {
  const viaProxy = url.startsWith(proxyUrl);
  return { origin: new URL(url).origin, 'user-agent': userAgent, accept: 'application/json', ...(viaProxy ? { 'x-test-client': client } : { 'x-forwarded-for': client }), ...extra };
}

/**
 * A form post as a browser with JavaScript sends it: with a solved ALTCHA challenge, signed here
 * with the site's secret at the lowest cost (a post passed by the picture's answer waits for a
 * mailed link, which is not what these checks are about).
 */
async function submit(target: string, form: string, fields: Record<string, unknown>, client = newClient()): Promise<Response> {
  const url = `${target}/api/forms/${form}/`;
  return fetch(url, {
    method: 'POST',
    headers: headersFor(url, client, { 'content-type': 'application/json' }),
    body: JSON.stringify({ ...contact, altcha: await altchaSolution(form), ...fields }),
  });
}

/** How many times each value occurs, to say what the answers were when they are not all as expected. */
function countOf(values: readonly (number | string)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

async function inBatches<T>(count: number, width: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let index = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (index < count) {
        const mine = index++;
        results[mine] = await run(mine);
      }
    }),
  );
  return results;
}

// ── The test ──────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  if (!process.env.MULTI_DATABASE_URL && process.env.TEST_POSTGRES_URL) databaseUrl = await freshPostgresUrl(process.env.TEST_POSTGRES_URL);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(mailFolder, { recursive: true });
  console.log(`Two instances of ${buildDirectory()} on ${databaseUrl.startsWith('file:') ? databaseUrl : databaseUrl.replace(/\/\/[^@]*@/, '//…@')}, ports ${base}–${base + 5}`);
  // The schema is made once, here, before two processes would race to migrate it.
  const store = await openStore(databaseUrl);
  startMailSink();
  await startGate();
  await startProxy([ports.a, ports.b]);
  const a = startInstance('a', ports.a, ports.gate);
  const b = startInstance('b', ports.b, ports.mail);
  await Promise.all([ready(ports.a), ready(ports.b)]);
  console.log(`Both instances answer (${elapsed()})`);
  const direct = (port: number) => `http://localhost:${port}`;

  console.log('A connection the load balancer keeps open between requests');
  {
    // As nginx keeps its upstream connections: open until it closes them, whatever the server's
    // Keep-Alive header says (Node's own agent heeds that header only when it has a timeout set).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port: ports.a, path: '/robots.txt', agent }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, keepAlive: String(answer.headers['keep-alive'] ?? ''), reused: request.reusedSocket }));
        });
        request.on('error', reject);
        request.end();
      });
    const first = await get();
    await sleep(6_000);
    const second = await get();
    agent.destroy();
    check(
      first.status === 200 && second.status === 200 && second.reused,
      `a connection idle for 6 s still carries the next request (${second.reused ? 'the same connection' : 'the server had closed it'}; Keep-Alive: ${first.keepAlive || 'none'})`,
    );
  }

  console.log('A captcha minted on one instance is solved on the other');
  {
    const client = newClient();
    const minted = await fetch(`${direct(ports.a)}/api/captcha/site-contact/`, { headers: headersFor(direct(ports.a), client) });
    const cookie =
      minted.headers
        .getSetCookie()
        .find((value) => value.startsWith(`${captchaCookie('site-contact')}=`))
        ?.split(';')[0] ?? '';
    const answer = openCaptcha(cookie.slice(cookie.indexOf('=') + 1))?.answer ?? '';
    const url = `${direct(ports.b)}/api/forms/site-contact/`;
    const solved = await fetch(url, {
      method: 'POST',
      headers: headersFor(url, client, { 'content-type': 'application/json', cookie }),
      body: JSON.stringify({ ...contact, email: 'picture@example.be', captcha: answer }),
    });
    check(answer !== '' && solved.status === 201, `picture captcha from instance A accepted by instance B (${solved.status})`);
    const challenge = (await (await fetch(`${direct(ports.a)}/api/altcha/site-contact/`, { headers: headersFor(direct(ports.a), client) })).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const altcha = await fetch(url, {
      method: 'POST',
      headers: headersFor(url, client, { 'content-type': 'application/json' }),
      body: JSON.stringify({ ...contact, email: 'altcha@example.be', altcha: payload }),
    });
    check(altcha.status === 201, `ALTCHA challenge from instance A accepted by instance B (${altcha.status})`);
    const again = await fetch(`${direct(ports.a)}/api/forms/site-contact/`, {
      method: 'POST',
      headers: headersFor(direct(ports.a), client, { 'content-type': 'application/json' }),
      body: JSON.stringify({ ...contact, email: 'altcha@example.be', altcha: payload }),
    });
    check(again.status === 422, `the same solution refused when replayed on instance A (${again.status})`);
  }

  console.log('The form limit is shared (FORM_RATE_LIMIT=10 per instance, the proxy alternates)');
  {
    const client = newClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const url = `${proxyUrl}/api/forms/contact-demand/`;
      const response = await fetch(url, { method: 'POST', headers: headersFor(url, client, { 'content-type': 'application/json' }), body: '{}' });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    const limited = statuses.filter((status) => status === 429).length;
    check(limited === 10, `20 posts of one client over both instances: ${20 - limited} let through, ${limited} refused with 429 (a limit per instance would let 20 through)`);
  }

  console.log('A visitor counts once whichever instance answers');
  const listing = getProperties('fr', { availability: 'on-offer' })[0];
  if (!listing) throw new Error('no listing on offer');
  {
    const beacon = (client: string) =>
      fetch(`${proxyUrl}/api/visits/`, { method: 'POST', headers: headersFor(proxyUrl, client, { 'content-type': 'text/plain' }), body: JSON.stringify({ id: listing.id }) });
    const visitor = newClient();
    for (let view = 0; view < 4; view += 1) await beacon(visitor);
    await beacon(newClient());
    const row = await store.db.selectFrom('visit_counts').select('count').where('property_id', '=', listing.id).where('day', '=', brusselsDay()).executeTakeFirst();
    check(Number(row?.count) === 2, `one visitor's 4 views over both instances and another visitor: ${row?.count} visitors counted`);
  }

  console.log('100 parallel bookings of one slot');
  let overbooked = 0;
  {
    const now = brusselsNow();
    const slot = getProperties('fr', { availability: 'on-offer' })
      .flatMap((property) => getAppointmentSlots(property.id))
      .find((candidate) => candidate.Start > now && candidate.Capacity > candidate.Booked);
    if (!slot) throw new Error('the snapshot has no future slot with a place left');
    const places = slot.Capacity - slot.Booked;
    const before = new Map(proxyCounts);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await submit(proxyUrl, 'contact-appointment', { email: `booking-${index}@example.be`, propertyId: slot.PropertyID, slotId: String(slot.ID) });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const spread = [ports.a, ports.b].map((port) => (proxyCounts.get(port) ?? 0) - (before.get(port) ?? 0));
    const booked = (await store.db.selectFrom('bookings').select('id').where('slot_id', '=', slot.ID).where('status', '=', 'confirmed').execute()).length;
    overbooked = Math.max(0, booked - places);
    check(
      statuses.filter((status) => status === 201).length === places && booked === places,
      `slot ${slot.ID} with ${places} place(s): ${statuses.filter((status) => status === 201).length} accepted, ${statuses.filter((status) => status === 409).length} told it is full, ${booked} booked, overbooked ${overbooked} (requests per instance: ${spread.join(' / ')})`,
    );
    check(
      statuses.every((status) => status === 201 || status === 409),
      `every answer 201 or 409 (${[...new Set(statuses)].join(', ')})`,
    );
  }

  console.log('500 submissions, every mail exactly once');
  const submissionsStarted = Date.now();
  const refusals: string[] = [];
  const statuses = await inBatches(500, 24, async (index) => {
    const response = await submit(proxyUrl, 'site-contact', { email: `visitor-${index}@example.be`, remark: `submission ${index}` });
    const body = await response.text();
    if (response.status !== 201) refusals.push(`submission ${index}: ${response.status} ${body.slice(0, 200)}`);
    return response.status;
  });
  const accepted = statuses.filter((status) => status === 201).length;
  const submitSeconds = (Date.now() - submissionsStarted) / 1000;
  const mailJobs = async () =>
    store.db
      .selectFrom('outbox')
      .innerJoin('requests', 'requests.id', 'outbox.request_id')
      .select(['outbox.id', 'outbox.status'])
      .where('requests.form', '=', 'site-contact')
      .where('requests.email', 'like', 'visitor-%')
      .execute();
  await until('the 500 submissions’ mails', async () => (await mailJobs()).every((job) => job.status === 'delivered'), 120_000, 250);
  const jobs = await mailJobs();
  const stored = Number(
    (
      await store.db
        .selectFrom('requests')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .where('email', 'like', 'visitor-%')
        .executeTakeFirst()
    )?.rows ?? 0,
  );
  await sleep(500);
  const jobIds = new Set(jobs.map((job) => job.id));
  const theirs = mailbox().filter((mail) => jobIds.has(mail.jobId));
  const duplicates = theirs.length - new Set(theirs.map((mail) => mail.jobId)).size;
  const mailSeconds = (Date.now() - submissionsStarted) / 1000;
  check(
    accepted === 500 && stored === 500,
    `submissions 500, accepted ${accepted}, stored ${stored} (${submitSeconds.toFixed(1)} s)${accepted === 500 ? '' : `; answers ${JSON.stringify(countOf(statuses))}`}`,
  );
  for (const refusal of refusals.slice(0, 5)) console.log(`    ${refusal}`);
  check(
    theirs.length === jobs.length && duplicates === 0,
    `mails sent ${theirs.length} of ${jobs.length} jobs, duplicates ${duplicates} (all delivered ${mailSeconds.toFixed(1)} s after the first post)`,
  );

  console.log('kill -9 of instance A while it holds claimed jobs; an upload it stored is mailed by B');
  let killRecoverySeconds = 0;
  {
    gate.stalled = true;
    const cv = Buffer.from('%PDF-1.4 stored by A, mailed by B');
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...contact, email: 'applicant@example.be', privacy: 'on' })) body.set(name, String(value));
    body.set('altcha', await altchaSolution('job-application'));
    body.set('cv', new File([cv], 'cv.pdf', { type: 'application/pdf' }));
    const uploadUrl = `${direct(ports.a)}/api/forms/job-application/`;
    const uploaded = await fetch(uploadUrl, { method: 'POST', headers: headersFor(uploadUrl, newClient()), body });
    const { id: uploadRequest } = (await uploaded.json()) as { id: string };
    check(uploaded.status === 201, `job application with a CV stored through instance A (${uploaded.status})`);
    const others = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        submit(direct(ports.a), 'site-contact', { email: `killed-${index}@example.be` }).then(async (response) => ((await response.json()) as { id: string }).id),
      ),
    );
    const requestIds = [uploadRequest, ...others];
    const claimedByA = async () =>
      (await store.db.selectFrom('outbox').select('id').where('request_id', 'in', requestIds).where('status', '=', 'pending').where('locked_until', '>', new Date().toISOString()).execute()).length;
    await until('instance A to claim jobs', async () => (await claimedByA()) > 0, 5_000, 20);
    const held = await claimedByA();
    signalGroup(a, 'SIGKILL');
    const killedAt = Date.now();
    await until('instance A to die', async () => a.exitCode !== null || a.signalCode !== null, 5_000, 20);
    const jobsOf = () => store.db.selectFrom('outbox').select(['id', 'status', 'kind', 'request_id']).where('request_id', 'in', requestIds).execute();
    await until('the killed instance’s jobs to be sent by B', async () => (await jobsOf()).every((job) => job.status === 'delivered'), 60_000, 200);
    killRecoverySeconds = (Date.now() - killedAt) / 1000;
    await sleep(300);
    const killedJobs = await jobsOf();
    const ids = new Set(killedJobs.map((job) => job.id));
    const theirMails = mailbox().filter((mail) => ids.has(mail.jobId));
    check(
      theirMails.length === killedJobs.length && new Set(theirMails.map((mail) => mail.jobId)).size === killedJobs.length,
      `killed with ${held} claimed job(s): all ${killedJobs.length} mails of its 5 requests sent once by B, ${killRecoverySeconds.toFixed(1)} s after the kill (A's lease: 13 s)`,
    );
    const agencyJob = killedJobs.find((job) => job.request_id === uploadRequest && job.kind === 'agency-mail');
    const agencyMail = theirMails.find((mail) => mail.jobId === agencyJob?.id);
    check(Boolean(agencyMail?.raw.includes('filename=cv.pdf') && agencyMail.raw.includes(cv.toString('base64'))), 'the CV stored through A is attached, byte for byte, to the agency mail B sent');
    check(readdirSync(work).filter((name) => name.startsWith('uploads-')).length === 0, 'no upload folder was written: the bytes live in the database');
  }

  console.log('SIGTERM of an instance holding a claimed job: handed back, sent by B at once');
  let handBackSeconds = 0;
  {
    // Its mail server hangs long (a 20 s greeting wait, a lease of 140 s) while the gate stalls.
    const c = startInstance('c', ports.c, ports.gate, { SMTP_TIMEOUT_MS: '20000', OUTBOX_LEASE_MARGIN_MS: '60000' });
    await ready(ports.c);
    // B is held still (its process group stopped) until C has claimed the job: otherwise B's poll
    // may claim it first and send it at once, and C would have nothing to hand back (CI met that once).
    const group = (signal: NodeJS.Signals) => b.pid !== undefined && process.kill(-b.pid, signal);
    group('SIGSTOP');
    const response = await submit(direct(ports.c), 'site-contact', { email: 'stopping@example.be' });
    const { id } = (await response.json()) as { id: string };
    const claimed = async () =>
      (await store.db.selectFrom('outbox').select('locked_until').where('request_id', '=', id).where('status', '=', 'pending').where('locked_until', '>', new Date().toISOString()).execute()).length;
    try {
      await until('instance C to claim a job', async () => (await claimed()) > 0, 5_000, 20);
    } finally {
      group('SIGCONT');
    }
    const lease = await store.db.selectFrom('outbox').select('locked_until').where('request_id', '=', id).where('locked_until', 'is not', null).executeTakeFirst();
    const leaseSeconds = (Date.parse(lease?.locked_until ?? '') - Date.now()) / 1000;
    const stoppedAt = Date.now();
    // The server process itself, as a deploy stops it (not its group).
    if (c.pid !== undefined) process.kill(c.pid, 'SIGTERM');
    await until(
      'the claimed job to be sent',
      async () => (await store.db.selectFrom('outbox').select('status').where('request_id', '=', id).execute()).every((job) => job.status === 'delivered'),
      60_000,
      100,
    );
    handBackSeconds = (Date.now() - stoppedAt) / 1000;
    await until('instance C to stop', async () => c.exitCode !== null || c.signalCode !== null, 10_000, 50);
    const log = readFileSync(path.join(work, 'instance-c.log'), 'utf8');
    check(
      handBackSeconds < 15 && log.includes('handed back before stopping'),
      `sent ${handBackSeconds.toFixed(1)} s after SIGTERM (its lease had ${Math.round(leaseSeconds)} s left); instance C stopped (exit ${c.exitCode ?? c.signalCode})`,
    );
  }
  gate.stalled = false;

  const all = mailbox();
  const allDuplicates = all.length - new Set(all.map((mail) => mail.jobId)).size;
  const requests = Number(
    (
      await store.db
        .selectFrom('requests')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirst()
    )?.rows ?? 0,
  );
  console.log('\nFigures');
  console.log(`  submissions ${accepted} of 500 · stored ${stored} · requests in all ${requests}`);
  console.log(`  mails sent ${all.length} · duplicates ${allDuplicates} · overbooked ${overbooked}`);
  console.log(`  requests through the proxy: instance A ${proxyCounts.get(ports.a) ?? 0}, instance B ${proxyCounts.get(ports.b) ?? 0}`);
  console.log(`  kill -9: sent by the other after ${killRecoverySeconds.toFixed(1)} s · SIGTERM: sent by the other after ${handBackSeconds.toFixed(1)} s`);
  console.log(`  run time ${elapsed()}`);
  check(allDuplicates === 0, 'no mail sent twice in the whole run');
}

function cleanUp(): void {
  for (const child of children) signalGroup(child, 'SIGKILL');
  for (const socket of gate.held) socket.destroy();
  for (const server of servers) server.close();
}

main()
  .catch((error: unknown) => {
    failures.push(error instanceof Error ? error.message : String(error));
    console.error(error);
  })
  .finally(() => {
    cleanUp();
    if (failures.length > 0) console.error(`\n${failures.length} check(s) failed (logs in ${path.relative(root, work)}/):\n  ${failures.join('\n  ')}`);
    process.exit(failures.length > 0 ? 1 : 0);
  });
