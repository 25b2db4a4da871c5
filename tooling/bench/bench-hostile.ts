/*
 * npm run bench:hostile -- [--base http://127.0.0.1:3000] [--dist .next] [--var var]
 *
 * Measures what the worst bodies and URLs cost a running site (`npm start`, ideally with
 * FORM_RATE_LIMIT raised so that every body is parsed): the event-loop delay each hostile body
 * causes, seen by a probe that fetches a small file every few milliseconds on another connection,
 * against the delay caused by an ordinary form post in the same run; the answer to a 600 MB body;
 * the disk growth of the build and var/ folders after 500 unknown URLs of every shape; and the list
 * renders one client gets by sending new list queries for 10 s (issue 35), with the requests/s of a
 * prerendered page alone and the latency of an unrelated page meanwhile (`--list-only` runs only
 * that part; start the server with LIST_RENDER_LIMIT=100000 to see the cost without the limit).
 * With --smtp <port> (the server started with SMTP_URL=smtp://127.0.0.1:<port> and the same
 * SITE_SECRET, which seals the captchas here), also the mails one victim's mailbox gets under
 * attack: posts sent against mails delivered to it, per form family (issue 35); `--mail-only`
 * with --smtp runs only that part.
 * Targets 127.0.0.1 only and stops by itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { getProjects, getProperties } from '../../lib/catalogue';
import { figureSteps } from '../../lib/catalogue/list-params';
import { addressKey } from '../../lib/security/address-key';
import { altchaSolution } from '../../tests/unit/altcha-solution';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    dist: { type: 'string', default: process.env.NEXT_DIST_DIR || '.next' },
    var: { type: 'string', default: 'var' },
    smtp: { type: 'string' },
    'list-only': { type: 'boolean', default: false },
    'mail-only': { type: 'boolean', default: false },
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

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** Requests of `next` kept `concurrency` at a time for `ms`; each answer's status counted. */
async function sustained(ms: number, concurrency: number, next: () => string, headers: Record<string, string>) {
  const statuses = new Map<number, number>();
  const end = performance.now() + ms;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const { status } = await send('GET', next(), headers);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        count += 1;
      }
    }),
  );
  return { perSecond: count / (ms / 1000), statuses };
}

/** The latencies of an unrelated page, fetched every 20 ms while `work` runs. */
async function probed<T>(path: string, headers: Record<string, string>, work: () => Promise<T>): Promise<{ result: T; p50: number; p99: number; worst: number }> {
  let running = true;
  const waits: number[] = [];
  const probe = (async () => {
    while (running) {
      waits.push((await send('GET', path, headers)).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await work();
  running = false;
  await probe;
  const sorted = waits.toSorted((a, b) => a - b);
  return { result, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), worst: sorted.at(-1) ?? 0 };
}

/**
 * Issue 35, finding 5: one client sending new list queries. Each 200 to a new query is a render
 * (a query asked once is never kept yet); the figures' steps combined give hundreds of queries the
 * list's own form can write, and odd values between the steps are redirected to them.
 */
async function listAttack(): Promise<void> {
  const document = { accept: 'text/html', 'sec-fetch-dest': 'document' };
  const prerendered = '/en/for-sale/';
  const unrelated = '/en/';
  for (let warm = 0; warm < 5; warm += 1) await send('GET', prerendered, document);
  const alone = await sustained(5_000, 4, () => prerendered, document);
  const idle = await probed(unrelated, document, () => new Promise((resolve) => setTimeout(resolve, 3_000)));
  const run = Date.now() % 1_000;
  const steps = figureSteps.price.sale;
  let index = 0;
  // Each URL new: one in four an odd min-price (redirected to a step), the others a query the
  // list's own links could write (a price step and a map area that differs in its 4th decimal).
  const next = () => {
    index += 1;
    if (index % 4 === 0) return `/en/for-sale/?min-price=${100_001 + run * 1_000 + index}`;
    const maxLat = (51.1 + (index % 6_000) / 10_000).toFixed(4);
    return `/en/for-sale/?min-price=${steps[(index + run) % steps.length]}&bbox=2.5,49.5,6.5,${maxLat}`;
  };
  const attacked = await probed(unrelated, document, () => sustained(10_000, 4, next, document));
  const { statuses, perSecond } = attacked.result;
  const rendered = statuses.get(200) ?? 0;
  console.log(`List queries from one client (issue 35), against a prerendered page alone:`);
  console.log(`  prerendered ${prerendered} alone: ${alone.perSecond.toFixed(1)} requests/s (4 at a time)`);
  console.log(
    `  new list queries for 10 s, 4 at a time: ${perSecond.toFixed(1)} requests/s (${(perSecond / alone.perSecond).toFixed(2)}× the prerendered page); statuses ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`,
  );
  console.log(`  list renders for that client: ${rendered} in 10 s (the limit: LIST_RENDER_LIMIT a minute)`);
  console.log(
    `  unrelated GET ${unrelated}: p50 ${idle.p50.toFixed(0)} ms, p99 ${idle.p99.toFixed(0)} ms idle; p50 ${attacked.p50.toFixed(0)} ms, p99 ${attacked.p99.toFixed(0)} ms, worst ${attacked.worst.toFixed(0)} ms under the queries`,
  );
}

async function main(): Promise<void> {
  if (values['mail-only']) return;
  if (values['list-only']) return listAttack();
  const ordinary = Buffer.from(new URLSearchParams({ firstName: 'Anne', lastName: 'Peeters', email: 'anne@example.be', lang: 'nl', propertyId: '1', remark: 'Graag meer informatie.' }).toString());
  const cases: { name: string; run: () => Promise<Answer>; bytes: number }[] = [
    {
      name: 'ordinary urlencoded post (baseline)',
      bytes: ordinary.length,
      run: () => send('POST', '/api/forms/contact-me/', formHeaders('application/x-www-form-urlencoded', ordinary.length), ordinary),
    },
  ];
  const repeated = urlencoded();
  cases.push({
    name: '60 kB urlencoded, 15,000 repeated names',
    bytes: repeated.length,
    run: () => send('POST', '/api/forms/contact-me/', formHeaders('application/x-www-form-urlencoded', repeated.length), repeated),
  });
  const many = multipart(40_000);
  cases.push({
    name: `${(many.body.length / 1e6).toFixed(1)} MB multipart, 40,000 parts`,
    bytes: many.body.length,
    run: () => send('POST', '/api/forms/job-application/', formHeaders(many.type, many.body.length), many.body),
  });
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
  const shapes = (index: number) =>
    [`/nl/anything-${run}-${index}.y`, `/fr/a-vendre/x-${run}-${index}.json`, `/en/${'long-segment-'.repeat(40)}${run}-${index}/`, `/nl/%C0%AE%C0%AE-${run}-${index}/`, `/zz-${run}-${index}.php`][
      index % 5
    ]!;
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (let index = 0; index < 500; index += 1) {
    const { status } = await send('GET', shapes(index), {});
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const after = folderBytes(values.dist) + folderBytes(values.var);
  console.log(`500 unknown URLs in ${((performance.now() - started) / 1000).toFixed(1)} s: statuses ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
  console.log(`  disk growth of ${values.dist} and ${values.var}: ${((after - before) / 1024).toFixed(0)} kB`);
  await listAttack();
}

/** The spellings of one mailbox an attacker types: case, +tags, Gmail's dots and googlemail. */
const victim = 'jan.peeters@gmail.com';
const spellings = ['jan.peeters@gmail.com', 'Jan.Peeters@Gmail.com', 'janpeeters+1@gmail.com', 'j.a.n.peeters@googlemail.com', 'JANPEETERS+promo@GMAIL.COM'];
const spelling = (index: number) => spellings[index % spellings.length] ?? victim;

/**
 * A form post as its page makes it with JavaScript, with a solved proof of work signed with the
 * server's SITE_SECRET: the attacker the mail rules must hold against, since such a post needs no
 * confirmation by mail (a post with the picture's answer waits for one).
 */
async function postForm(form: string, fields: Record<string, string | string[]>): Promise<Answer> {
  const body = Buffer.from(JSON.stringify({ lang: 'nl', altcha: await altchaSolution(form), privacy: true, ...fields }));
  return send('POST', `/api/forms/${form}/`, formHeaders('application/json', body.length), body);
}

async function mailsPerVictim(port: number): Promise<void> {
  let delivered = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        if (session.envelope.rcptTo.some((recipient) => addressKey(recipient.address) === addressKey(victim))) delivered += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(port, '127.0.0.1', resolve));
  const sale = getProperties('nl', { goal: 'sale', availability: 'on-offer' });
  const rent = getProperties('nl', { goal: 'rent', availability: 'on-offer' });
  const person = (index: number) => ({ title: 'mr', firstName: 'Jan', lastName: 'Peeters', email: spelling(index), phone: '0475 12 34 56' });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const copyForms: [string, (index: number) => Record<string, string | string[]>][] = [
    ['contact-me', (index) => ({ propertyId: String(sale[0]?.id), ...person(index), remark: 'Uw rekening is geblokkeerd. Bevestig op https://evil.example/login', contactDevice: 'email' })],
    ['request-documents', (index) => ({ propertyId: String(sale[0]?.id), ...person(index) })],
    ['contact-construction', (index) => ({ projectId: String(getProjects('nl')[0]?.id ?? 1), ...person(index) })],
    ['contact-demand', (index) => ({ ...person(index), propertyType: '1', street: 'Grote Markt', houseNumber: '1', zip: '7000', city: 'Bergen' })],
    ['site-contact', (index) => ({ ...person(index), city: 'Bergen' })],
    [
      'purchase-offer',
      (index) => ({
        propertyId: String(sale[0]?.id),
        ...person(index),
        amount: '250000',
        amountInWords: 'tweehonderdvijftigduizend euro',
        startDate: inDays(30),
        endDate: inDays(44),
        place: 'Bergen',
        signDate: inDays(30),
      }),
    ],
    ['rental-application', (index) => ({ propertyId: String(rent[0]?.id), ...person(index), adults: '2', kids: '0', moveDate: inDays(30), income1: '2500' })],
    ['contact-appointment', (index) => ({ propertyId: String(rent[0]?.id), ...person(index), contactSlots: ['13-16'] })],
  ];
  const families: { name: string; posts: () => Promise<Answer>[] }[] = [
    // job-application needs a CV upload (multipart); the other eight forms of the copy stand for the nine.
    {
      name: "visitor's copy (8 of the 9 forms)",
      posts: () => Array.from({ length: 26 }, (_, index) => copyForms[index % copyForms.length]).map((entry, index) => postForm(entry?.[0] ?? 'contact-me', entry?.[1](index) ?? {})),
    },
    {
      name: 'follow-listing ×20 + search alert ×5',
      posts: () => [
        ...sale
          .concat(rent)
          .slice(0, 20)
          .map((listing, index) => postForm('follow-listing', { propertyId: String(listing.id), email: spelling(index) })),
        ...Array.from({ length: 5 }, (_, index) =>
          postForm('demand-register', { ...person(index), goal: 'sale', types: ['1'], zones: ['Mons|7000'], password: 'correct horse', passwordConfirm: 'correct horse' }),
        ),
      ],
    },
    { name: 'newsletter ×5', posts: () => Array.from({ length: 5 }, (_, index) => postForm('sign-newsletter', { email: spelling(index) })) },
    {
      name: 'send-to-friend ×5 (friend+1…+5)',
      posts: () =>
        Array.from({ length: 5 }, (_, index) =>
          postForm('send-to-friend', { propertyId: String(sale[0]?.id), firstName: 'A', lastName: 'B', email: `sender${index}@example.be`, friendEmail: `janpeeters+${index}@gmail.com` }),
        ),
    },
  ];
  console.log(`Mails to one victim's mailbox (${victim}, typed ${spellings.length} ways) under attack; SMTP sink on port ${port}`);
  for (const family of families) {
    const before = delivered;
    const answers: Answer[] = [];
    // One after another, as a script would; the outbox sends right after each post.
    for (const post of family.posts()) answers.push(await post);
    // Until no new mail for 2 s (a confirmation due tomorrow is not waited for).
    for (let last = -1; last !== delivered;) {
      last = delivered;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const accepted = answers.filter((answer) => answer.status === 201).length;
    console.log(`  ${family.name.padEnd(40)} ${String(answers.length).padStart(3)} posts (${accepted} accepted), ${String(delivered - before).padStart(3)} mails delivered to the victim`);
  }
  console.log(`  ${'all of them, one after another'.padEnd(40)} ${String(delivered).padStart(3)} mails delivered to the victim that day (the rest wait for the next days)`);
  await new Promise<void>((resolve) => sink.close(() => resolve()));
}

main()
  .then(() => (values.smtp ? mailsPerVictim(Number(values.smtp)) : undefined))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
