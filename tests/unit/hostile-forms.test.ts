import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '@/lib/db';
import {
  badPercent,
  chunkedStream,
  hostileFiles,
  hostileKeys,
  hostileStrings,
  invalidUtf8,
  jsonBody,
  multipartBody,
  pngOfSize,
  randomKey,
  randomText,
  seededRandom,
  splice,
  streamedRequest,
  tinyPdf,
  tinyPng,
  urlencodedBody,
  utf8,
  wrongTypeValues,
  type Entries,
  type FilePart,
  type Random,
  type Value,
} from './hostile-payloads';

/** A day some weeks ahead, as a date input sends it: the forms refuse days that have passed. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/*
 * Issue 12, "a hostile-input suite that stays": every form endpoint gets more than a thousand
 * seeded payloads (valid-looking ones with a field mutated, junk, malformed and oversized bodies,
 * hostile headers and cookies) and must answer each with a 4xx error that says something, within
 * a bound, storing nothing. No payload carries a captcha the server would accept, and the
 * newsletter (no captcha) gets none its schema would accept, so "nothing stored" is a true
 * invariant: a stored row, a queued job or a saved file means a payload got through that should not.
 */

let afterTasks = 0;
// A stored request schedules its delivery with after(): counting calls is one more witness.
vi.mock('next/server', () => ({
  after: () => {
    afterTasks += 1;
  },
}));

const uploadDir = mkdtempSync(path.join(tmpdir(), 'hostile-uploads-'));
const runUploads = process.env.UPLOAD_DIR;
process.env.UPLOAD_DIR = uploadDir;
process.env.SITE_SECRET = 'unit-test-secret';
// The limiter would answer 429 to most of this run and hide what the parser does with the body.
process.env.FORM_RATE_LIMIT = '100000000';
delete process.env.SMTP_URL;
delete process.env.ALLOWED_ORIGINS;
delete process.env.TRUST_PROXY_HOPS;

const { setStore } = await import('@/lib/db');
const { closeOpenedStores, runSql, testDatabases } = await import('./test-stores');
const { formRoute, handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');
const { captchaCookie, sealCaptcha } = await import('@/lib/forms/captcha');
const { readBody } = await import('@/lib/security/read-body');
const { formKinds, formNames } = await import('@/lib/form-kinds/table');
const { getAppointmentSlots, getProjects, getProperties } = await import('@/lib/catalogue');
const { brusselsNow } = await import('@/lib/forms/slots');

type FormName = (typeof formNames)[number];

const origin = 'http://localhost:3100';
const host = 'localhost:3100';
/**
 * Per call, whatever the payload: the CPU one request may cost (this process's user and system
 * time, sharp's threads included). CPU rather than wall time, so that a busy machine running other
 * suites does not fail the bound, while a quadratic parser or regex still does.
 */
const boundMs = 2_000;
/** Wall time per call: only a request that waits for something that never comes gets near it. */
const hangMs = 10_000;

/** Milliseconds of CPU this process spent since `since` (process.cpuUsage()). */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1_000;
};
/** Random payloads per form, on top of the fixed corpus. */
const randomCasesPerForm = 1_000;
/** The answer of every genuine captcha token this suite seals: no generated value can match it ('0' and 'Q' are outside the captcha alphabet and the random text; so is its spoken code, all zeros). */
const unmatchableAnswer = 'Q0Q0Q';
/** The answer every payload carries: a form of five characters, never the answer of a token above. */
const sentAnswer = 'ABCDE';

let store: Store;
const prototypeKeys = { object: Object.getOwnPropertyNames(Object.prototype).sort(), array: Object.getOwnPropertyNames(Array.prototype).sort() };

afterAll(() => {
  rmSync(uploadDir, { recursive: true, force: true });
  process.env.UPLOAD_DIR = runUploads;
});

// ---------------------------------------------------------------------------------------------
// Valid-looking payloads: what each form's page would post, with listings that are on offer.

function availableListing(goal: 'sale' | 'rent'): number {
  const listing = getProperties('fr', { goal }).find((property) => property.availability === 'on-offer');
  if (!listing) throw new Error(`the catalogue has no available ${goal} listing`);
  return listing.id;
}

function futureSlot(): { propertyId: number; slotId: number } | undefined {
  const now = brusselsNow();
  for (const property of getProperties('fr').filter((candidate) => candidate.availability === 'on-offer')) {
    const slot = getAppointmentSlots(property.id).find((candidate) => candidate.Start > now && candidate.Capacity > candidate.Booked);
    if (slot) return { propertyId: property.id, slotId: slot.ID };
  }
  return undefined;
}

const visitor: Entries = [
  ['title', 'ms'],
  ['firstName', 'Marie'],
  ['lastName', 'Dubois'],
  ['email', 'marie.dubois@example.be'],
  ['phone', '0475 12 34 56'],
];

const baseEntries = new Map<FormName, Entries>();
/** A fresh copy of a form's valid payload (mutations replace entries, never the values inside them). */
function validEntries(form: FormName): Entries {
  let base = baseEntries.get(form);
  if (!base) {
    base = buildValidEntries(form);
    baseEntries.set(form, base);
  }
  return base.map(([key, value]): [string, Value] => [key, value]);
}

function buildValidEntries(form: FormName): Entries {
  const sale = availableListing('sale');
  const rent = availableListing('rent');
  const project = getProjects('fr')[0]?.id ?? 1;
  const common: Entries = formKinds[form].definition.captcha
    ? [
        ['lang', 'fr'],
        ['captcha', sentAnswer],
        ['fax', ''],
      ]
    : [
        ['lang', 'fr'],
        ['fax', ''],
      ];
  const privacy: Entries = [['privacy', 'on']];
  switch (form) {
    case 'contact-appointment': {
      const slot = futureSlot();
      return [
        ...common,
        ['propertyId', String(slot?.propertyId ?? rent)],
        ...(slot ? ([['slotId', String(slot.slotId)]] satisfies Entries) : []),
        ...visitor,
        ['contactSlots', ['13-16']],
        ['remark', 'Bonjour'],
        ...privacy,
      ];
    }
    case 'contact-me':
      return [...common, ['propertyId', String(sale)], ...visitor, ['remark', 'Est-il encore disponible ?'], ['contactDevice', 'email'], ...privacy];
    case 'request-documents':
      return [...common, ['propertyId', String(sale)], ...visitor, ['newsletter', 'on'], ...privacy];
    case 'send-to-friend':
      return [
        ...common,
        ['propertyId', String(sale)],
        ['firstName', 'Marie'],
        ['lastName', 'Dubois'],
        ['email', 'marie@example.be'],
        ['friendEmail', 'ami@example.be'],
        ['remark', 'Regarde celle-ci'],
        ...privacy,
      ];
    case 'contact-construction':
      return [...common, ['projectId', String(project)], ...visitor, ...privacy];
    case 'contact-demand':
      return [...common, ...visitor, ['propertyType', '1'], ['street', 'Grand-Place'], ['houseNumber', '1'], ['zip', '7000'], ['city', 'Mons'], ...privacy];
    case 'demand-register':
      return [...common, ...visitor, ['goal', 'sale'], ['types', ['1', '3']], ['zones', ['Mons|7000']], ['priceMin', '150000'], ['priceMax', '300.000'], ...privacy];
    case 'site-contact':
      return [...common, ...visitor, ['city', 'Mons'], ...privacy];
    case 'follow-listing':
      return [...common, ['propertyId', String(sale)], ['email', 'marie.dubois@example.be'], ...privacy];
    case 'sign-newsletter':
      return [...common, ['email', 'lezer@example.be'], ...privacy];
    case 'testimonial':
      return [...common, ['name', 'Marie Dubois'], ['about', 'Vente à Mons'], ['website', 'example.be'], ['comment', 'Très bon service.'], ['email', 'marie@example.be'], ...privacy];
    case 'job-application':
      return [...common, ...visitor, ['remark', 'Candidature spontanée'], ...privacy];
    case 'purchase-offer':
      return [
        ...common,
        ['propertyId', String(sale)],
        ...visitor,
        ['amount', '250000'],
        ['amountInWords', 'deux cent cinquante mille euros'],
        ['startDate', daysAhead(30)],
        ['endDate', daysAhead(44)],
        ['place', 'Mons'],
        ['signDate', daysAhead(30)],
        ...privacy,
      ];
    case 'rental-application':
      return [...common, ['propertyId', String(rent)], ...visitor, ['adults', '2'], ['kids', '1'], ['moveDate', daysAhead(30)], ['income1', '2.500'], ...privacy];
  }
}

const validFile = (form: FormName): FilePart | undefined => {
  const upload = formKinds[form].definition.upload;
  if (!upload) return undefined;
  return upload.accept === 'image'
    ? { field: upload.field, fileName: 'photo.png', contentType: 'image/png', bytes: tinyPng }
    : { field: upload.field, fileName: 'cv.pdf', contentType: 'application/pdf', bytes: tinyPdf };
};

// ---------------------------------------------------------------------------------------------
// Cases: a request to build, and what the answer may be.

type Encoding = 'json' | 'urlencoded' | 'multipart';
type HostileCase = {
  /** What the case is, enough to find it again in a failure report. */
  label: string;
  build: () => Request;
  /** A filled honeypot may be thanked (200 for JSON, 303 for a plain post); nothing else may. */
  honeypot: boolean;
  /** Through formRoute(form).POST (with its CORS step) rather than handleFormRequest directly. */
  viaRoute: boolean;
};

let tokenCounter = 0;
/** A genuine sealed token (deterministic id), which the server would open and spend. */
function genuineToken(form: string, answer: string, expires = Date.now() + 10 * 60_000): string {
  tokenCounter += 1;
  return sealCaptcha({ id: `hostile-${tokenCounter}`, answer, code: '000000', form, expires });
}

/** Captcha cookies none of which passes with the answers sent. Each is built at request time. */
function cookieVariants(form: FormName): { label: string; cookie: () => string | undefined }[] {
  const name = captchaCookie(form);
  return [
    { label: 'no cookie', cookie: () => undefined },
    { label: 'forged token', cookie: () => `${name}=forged-token` },
    { label: 'bad %-encoding', cookie: () => `${name}=%E0%A4%A` },
    { label: 'lone %', cookie: () => `${name}=%` },
    { label: 'overlong %C0%AE', cookie: () => `${name}=%C0%AE%C0%AE` },
    { label: 'genuine, wrong answer', cookie: () => `${name}=${genuineToken(form, unmatchableAnswer)}` },
    { label: 'genuine, other form, right answer', cookie: () => `${captchaCookie(form)}=${genuineToken(form === 'contact-me' ? 'site-contact' : 'contact-me', sentAnswer)}` },
    { label: 'genuine, expired, right answer', cookie: () => `${name}=${genuineToken(form, sentAnswer, Date.now() - 1_000)}` },
    { label: 'genuine token with a flipped byte', cookie: () => `${name}=${flip(genuineToken(form, sentAnswer))}` },
    { label: 'two genuine cookies, wrong answers', cookie: () => `${name}=${genuineToken(form, unmatchableAnswer)}; ${name}=${genuineToken(form, unmatchableAnswer)}` },
    { label: 'junk cookie header', cookie: () => `=;;;==; ${'a'.repeat(4_000)}=b; ${name}` },
    { label: 'cookie for another form', cookie: () => `${captchaCookie('contact-me' === form ? 'site-contact' : 'contact-me')}=${genuineToken(form, sentAnswer)}` },
  ];
}

/** The sealed token with one character changed: the authentication tag must refuse it. */
function flip(sealed: string): string {
  const at = Math.floor(sealed.length / 2);
  return `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
}

const originVariants: readonly Record<string, string>[] = [
  { origin, host },
  { origin, host },
  { origin, host },
  { origin, host },
  { origin, host },
  { origin, host },
  { host },
  { host, 'sec-fetch-site': 'same-origin' },
  { host, 'sec-fetch-site': 'none' },
  { origin: 'null', host },
  { origin: 'https://evil.example', host },
  { origin: 'http://localhost:3100.evil.example', host },
  { origin: 'http://[::1', host },
  { origin: 'not a url', host },
  { origin: '', host, 'sec-fetch-site': 'cross-site' },
  { host, 'sec-fetch-site': 'same-site' },
  { host, 'sec-fetch-site': 'garbage\u00ff' },
  { origin, host, 'x-forwarded-host': 'evil.example' },
  { origin: 'HTTP://LOCALHOST:3100', host },
  { origin, host: '' },
];

const refererVariants: readonly (string | null)[] = [
  null,
  null,
  `${origin}/fr/contact/`,
  `${origin}/nl/`,
  'not a url',
  'javascript:alert(1)',
  `${origin}/de/x/`,
  'http://evil.example/en/',
  'http://[::1',
  `${origin}/%ff/`,
];
const acceptVariants: readonly (string | null)[] = [null, null, 'application/json', 'text/html', '*/*', 'application/json;q=0'];

function contentTypeFor(random: Random, encoding: Encoding, boundary: string): string {
  switch (encoding) {
    case 'json':
      return random.pick(['application/json', 'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=latin1']);
    case 'urlencoded':
      return random.pick(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8', 'application/x-www-form-urlencoded;;;']);
    case 'multipart':
      return random.pick([
        `multipart/form-data; boundary=${boundary}`,
        `multipart/form-data; boundary=${boundary}`,
        `multipart/form-data; boundary="${boundary}"`,
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=${boundary}x`,
        `Multipart/Form-Data; Boundary=${boundary}`,
      ]);
  }
}

/** A value as a failure report shows it: short, escaped, with its length when cut. */
function preview(value: Value): string {
  const text = JSON.stringify(value);
  return text.length > 30 ? `${text.slice(0, 24)}…(${text.length} chars)` : text;
}

/** Changes one thing of a payload: a value, a type, a key. */
function mutate(random: Random, entries: Entries): string {
  const target = entries.length > 0 ? random.int(entries.length) : -1;
  const targetKey = entries[target]?.[0] ?? 'none';
  const roll = random.float();
  if (target >= 0 && roll < 0.4) {
    const value = random.pick(hostileStrings);
    entries[target] = [targetKey, value];
    return `${targetKey}=${preview(value)}`;
  }
  if (target >= 0 && roll < 0.6) {
    const values = wrongTypeValues(random);
    const index = random.int(values.length);
    entries[target] = [targetKey, values[index] ?? null];
    return `${targetKey}=${preview(values[index] ?? null)}`;
  }
  if (target >= 0 && roll < 0.68) {
    entries.splice(target, 1);
    return `delete ${targetKey}`;
  }
  if (roll < 0.78) {
    const key = randomKey(random);
    entries.splice(random.int(entries.length + 1), 0, [key, random.chance(0.5) ? randomText(random, 40) : random.pick(hostileStrings)]);
    return `add random key`;
  }
  if (roll < 0.88) {
    const key = random.pick(hostileKeys);
    const values = wrongTypeValues(random);
    entries.splice(random.int(entries.length + 1), 0, [key, random.chance(0.5) ? (values[random.int(values.length)] ?? null) : random.pick(hostileStrings)]);
    return `add key ${JSON.stringify(key.slice(0, 20))}`;
  }
  if (target >= 0 && roll < 0.93) {
    const entry = entries[target];
    if (entry) entries.splice(target, 0, [entry[0], random.pick(hostileStrings)]);
    return `repeat ${targetKey}`;
  }
  if (target >= 0) {
    entries[target] = [targetKey, randomText(random)];
    return `${targetKey}=random text`;
  }
  return 'none';
}

type Built = { bytes: Uint8Array<ArrayBuffer>; contentType: string | null };

function encode(random: Random, encoding: Encoding, entries: Entries, files: readonly FilePart[]): Built {
  const boundary = random.pick(['----hostile', `----WebKitFormBoundary${random.int(1e9)}`, 'a'.repeat(70), 'b'.repeat(200), "'()+_,-./:=?", 'x y']);
  const contentType = contentTypeFor(random, encoding, boundary);
  if (encoding === 'json') return { bytes: utf8(jsonBody(entries)), contentType };
  if (encoding === 'urlencoded') return { bytes: utf8(urlencodedBody(entries)), contentType };
  const options = {
    boundary,
    lineEnd: random.chance(0.1) ? '\n' : '\r\n',
    closing: !random.chance(0.1),
    preamble: random.chance(0.1) ? 'preamble junk' : undefined,
    partHeaders: random.chance(0.1) ? Array.from({ length: 1 + random.int(20) }, (_, index) => `X-Junk-${index}: ${'v'.repeat(random.int(100))}`) : undefined,
  };
  return { bytes: multipartBody(entries, files, options), contentType };
}

/** Breaks a body after encoding: cut short, stray bytes, bad escapes, junk around JSON. */
function corrupt(random: Random, encoding: Encoding, bytes: Uint8Array<ArrayBuffer>): { bytes: Uint8Array<ArrayBuffer>; label: string } {
  const roll = random.float();
  if (roll < 0.3) return { bytes: bytes.subarray(0, random.int(bytes.length)), label: 'truncated' };
  if (roll < 0.55) return { bytes: splice(random, bytes, random.pick(invalidUtf8)), label: 'invalid UTF-8' };
  if (roll < 0.75 && encoding === 'urlencoded') return { bytes: splice(random, bytes, utf8(random.pick(badPercent))), label: 'bad %-escape' };
  if (roll < 0.75 && encoding === 'json') {
    const wrap = random.pick(['[', ']', ',', '\ufeff', '}', 'null', '{"a":']);
    return { bytes: random.chance(0.5) ? Buffer.concat([utf8(wrap), bytes]) : Buffer.concat([bytes, utf8(wrap)]), label: `json junk ${JSON.stringify(wrap)}` };
  }
  if (roll < 0.85) return { bytes: Buffer.concat([bytes, random.pick(invalidUtf8)]), label: 'trailing bytes' };
  return { bytes: utf8(randomText(random, 500)), label: 'random text body' };
}

function requestOf(form: FormName, body: Built, headers: Record<string, string>, stream?: Random): Request {
  const all: Record<string, string> = { ...headers };
  if (body.contentType !== null) all['content-type'] = body.contentType;
  const url = `${origin}/api/forms/${form}/`;
  if (stream) return streamedRequest(url, all, chunkedStream(stream, body.bytes));
  return new Request(url, { method: 'POST', headers: all, body: body.bytes });
}

/** One random case of a form, from its own seed so that it can be replayed alone. */
function randomCase(form: FormName, seed: number): HostileCase {
  const random = seededRandom(seed);
  const definition = formKinds[form].definition;
  const upload = definition.upload;
  const entries = validEntries(form);
  const labels: string[] = [];

  const mutations = random.chance(0.15) ? 0 : 1 + (random.chance(0.25) ? random.int(3) : 0);
  for (let index = 0; index < mutations; index += 1) labels.push(mutate(random, entries));
  if (random.chance(0.2)) random.pick([() => entries.reverse(), () => entries.sort(() => random.float() - 0.5)])();

  const honeypot = random.chance(0.04);
  if (honeypot) {
    const at = entries.findIndex(([key]) => key === 'fax');
    if (at >= 0) entries.splice(at, 1);
    entries.push(['fax', random.pick(['http://spam.example', '1', 'x'.repeat(500)])]);
    labels.push('honeypot');
  }

  const encoding: Encoding = upload ? random.pick(['json', 'urlencoded', 'multipart', 'multipart']) : random.pick(['json', 'json', 'urlencoded', 'urlencoded', 'multipart']);
  const files: FilePart[] = [];
  if (encoding === 'multipart' && upload) {
    const valid = validFile(form);
    if (random.chance(0.5) && valid) files.push(valid);
    else if (random.chance(0.9)) files.push(random.pick(hostileFiles(random.chance(0.85) ? upload.field : randomKey(random))));
    if (random.chance(0.05) && valid) files.push(valid);
  }
  let body: Built = encode(random, encoding, entries, files);
  if (random.chance(0.15)) {
    const broken = corrupt(random, encoding, body.bytes);
    body = { ...body, bytes: broken.bytes };
    labels.push(broken.label);
  }
  if (random.chance(0.03)) {
    body = { ...body, contentType: random.pick([null, 'text/plain', 'application/xml', 'application/jsonp', 'application/x-www-form-urlencoded-junk', 'multipart/mixed; boundary=x']) };
    labels.push(`content-type ${String(body.contentType)}`);
  }

  const headers: Record<string, string> = { ...random.pick(originVariants) };
  const referer = random.pick(refererVariants);
  if (referer !== null) headers.referer = referer;
  const accept = random.pick(acceptVariants);
  if (accept !== null) headers.accept = accept;
  const cookie = definition.captcha ? random.pick(cookieVariants(form)) : undefined;
  if (random.chance(0.05)) headers['content-length'] = random.pick(['0', '1', '-1', 'abc', '99999999', String(body.bytes.length + 10)]);
  const streamed = random.chance(0.2) ? seededRandom(seed ^ 0x5eed) : undefined;

  return {
    label: `${form} #${seed} ${encoding} [${labels.join(', ')}] origin=${JSON.stringify(headers.origin ?? headers['sec-fetch-site'] ?? '-')} cookie=${cookie?.label ?? '-'}${streamed ? ' streamed' : ''}`,
    honeypot,
    viaRoute: random.chance(0.3),
    build: () => {
      const value = cookie?.cookie();
      const withCookie = value === undefined ? headers : { ...headers, cookie: value };
      return requestOf(form, body, withCookie, streamed && seededRandom(seed ^ 0x5eed));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The fixed corpus: the cases of the issue and the edges of every limit.

const sharedBodies = {
  /** Issue 12 finding 1: 60 kB of `a=1&a=1…`, 15,000 repeated names. */
  repeatedNames: utf8(Array.from({ length: 15_000 }, () => 'a=1').join('&')),
  /** Issue 12 finding 1: a 3 MB multipart body of many small parts. */
  manyParts: multipartBody(
    Array.from({ length: 30_000 }, (_, index): [string, string] => [`f${index % 50}`, 'v'.repeat(40)]),
    [],
    { boundary: 'manyparts' },
  ),
  /** A file bigger than the 6 MB cap. */
  oversizedFile: multipartBody([], [{ field: 'cv', fileName: 'big.pdf', contentType: 'application/pdf', bytes: Buffer.concat([tinyPdf, Buffer.alloc(7 * 1024 * 1024, 0x20)]) }], { boundary: 'big' }),
};

/** A PNG that decodes to 36 M pixels (under sharp's 40 M limit): the dearest picture an upload can ask for. */
let pixelBomb: Uint8Array<ArrayBuffer> | undefined;
const bomb = () => (pixelBomb ??= pngOfSize(6_000, 6_000));

function fixedCases(form: FormName): HostileCase[] {
  const definition = formKinds[form].definition;
  const upload = definition.upload;
  const cases: HostileCase[] = [];
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  const plain = { 'content-type': 'application/x-www-form-urlencoded' };
  const add = (label: string, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>, options: { honeypot?: boolean; cookie?: () => string | undefined } = {}) =>
    cases.push({
      label: `${form} fixed: ${label}`,
      honeypot: options.honeypot ?? false,
      viaRoute: false,
      build: () => {
        const cookie = options.cookie?.();
        return new Request(`${origin}/api/forms/${form}/`, { method: 'POST', headers: { origin, host, ...headers, ...(cookie === undefined ? {} : { cookie }) }, body: bytes });
      },
    });
  // Without a captcha (the newsletter), a complete payload would be a real sign-up: leave the tick out.
  const valid = definition.captcha ? validEntries(form) : validEntries(form).filter(([key]) => key !== 'privacy');
  const file = validFile(form);
  const multipart = (entries: Entries, files: FilePart[], boundary = 'fixed') => ({ bytes: multipartBody(entries, files, { boundary }), type: `multipart/form-data; boundary=${boundary}` });

  add('60 kB of a=1&a=1… (15,000 repeated names)', sharedBodies.repeatedNames, plain);
  add('60 kB of repeated names as JSON', utf8(`{${Array.from({ length: 8_000 }, () => '"a":1').join(',')}}`), json);
  add('3 MB multipart with 30,000 parts', sharedBodies.manyParts, { 'content-type': 'multipart/form-data; boundary=manyparts' });
  add('7 MB multipart file', sharedBodies.oversizedFile, { 'content-type': 'multipart/form-data; boundary=big' });
  add('7 MB multipart file, declared length', sharedBodies.oversizedFile, { 'content-type': 'multipart/form-data; boundary=big', 'content-length': String(sharedBodies.oversizedFile.length) });
  add('70 kB JSON', utf8(jsonBody([...valid, ['remark', 'x'.repeat(70 * 1024)]])), json);
  add('64 kB JSON (just under the cap)', utf8(jsonBody([...valid, ['remark', 'x'.repeat(64 * 1024 - jsonBody([...valid, ['remark', '']]).length)]])), json);
  add('121 distinct JSON fields', utf8(jsonBody([...valid, ...Array.from({ length: 121 }, (_, index): [string, string] => [`k${index}`, 'v'])])), json);
  add('120 urlencoded separators', utf8(Array.from({ length: 121 }, (_, index) => `k${index}=v`).join('&')), plain);
  add('119 urlencoded separators and a valid payload', utf8(`${urlencodedBody(valid)}&${Array.from({ length: 119 - valid.length }, (_, index) => `k${index}=v`).join('&')}`), plain);
  add('field name of 101 bytes', utf8(`${'n'.repeat(101)}=v&${urlencodedBody(valid)}`), plain);
  for (const type of ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) add(`empty ${type} body`, new Uint8Array(), { 'content-type': type });
  add('no content type', utf8(urlencodedBody(valid)), {});
  for (const primitive of ['null', '1', '"x"', '[]', 'true', '[{"email":"a@b.be"}]', '{"a":1}{"b":2}', '{"__proto__":{"privacy":true,"fax":""}}']) add(`JSON ${primitive}`, utf8(primitive), json);
  add('JSON with a byte-order mark', Buffer.concat([Uint8Array.of(0xef, 0xbb, 0xbf), utf8(jsonBody(valid))]), json);
  add('JSON in UTF-16', Uint8Array.from(Buffer.from(jsonBody(valid), 'utf16le')), json);
  add('JSON nested 30,000 deep', utf8(`${'['.repeat(30_000)}${']'.repeat(30_000)}`), json);
  add('JSON objects nested 10,000 deep', utf8(`{"email":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`), json);
  add('JSON with lone surrogates in every value', utf8(jsonBody(valid.map(([key, value]) => [key, typeof value === 'string' ? `${value}\ud800` : value]))), json);
  add('JSON with NUL in every key', utf8(jsonBody(valid.map(([key, value]) => [`${key}\u0000`, value]))), json);
  add('urlencoded with bad %-escapes everywhere', utf8(urlencodedBody(valid).replace(/=/g, '=%E0%A4%A')), plain);
  add('urlencoded with overlong UTF-8 bytes', Buffer.concat([utf8(`${urlencodedBody(valid)}&remark=`), Uint8Array.of(0xc0, 0xae, 0xc0, 0xae)]), plain);
  add('JSON with overlong UTF-8 bytes', Buffer.concat([utf8('{"remark":"'), Uint8Array.of(0xc0, 0xae), utf8('"}')]), json);
  add('urlencoded keys only', utf8('&&&===&&'), plain);

  const parts = multipart(valid, file ? [file] : []);
  add('multipart, valid fields', parts.bytes, { 'content-type': parts.type });
  add('multipart, no boundary', parts.bytes, { 'content-type': 'multipart/form-data' });
  add('multipart, wrong boundary', parts.bytes, { 'content-type': 'multipart/form-data; boundary=other' });
  add('multipart, boundary of 71 characters', multipart(valid, [], 'q'.repeat(71)).bytes, { 'content-type': `multipart/form-data; boundary=${'q'.repeat(71)}` });
  add('multipart, cut short', parts.bytes.subarray(0, Math.floor(parts.bytes.length / 2)), { 'content-type': parts.type });
  add('multipart, invalid UTF-8 in a field', Buffer.concat([utf8('--fixed\r\nContent-Disposition: form-data; name="email"\r\n\r\n'), Uint8Array.of(0xff, 0xc0, 0xae), utf8('\r\n--fixed--\r\n')]), {
    'content-type': 'multipart/form-data; boundary=fixed',
  });
  add('multipart, 20 headers in a part', multipartBody(valid, [], { boundary: 'fixed', partHeaders: Array.from({ length: 20 }, (_, index) => `X-H${index}: v`) }), {
    'content-type': 'multipart/form-data; boundary=fixed',
  });
  add('multipart, a field of 70 kB', multipart([...valid, ['remark', 'r'.repeat(70 * 1024)]], []).bytes, { 'content-type': parts.type });
  add('multipart, a field name of 200 bytes', multipart([['n'.repeat(200), 'v'], ...valid], []).bytes, { 'content-type': parts.type });
  add(
    'multipart, 122 fields',
    multipart(
      Array.from({ length: 122 }, (_, index): [string, string] => [`k${index}`, 'v']),
      [],
    ).bytes,
    { 'content-type': parts.type },
  );
  if (upload && file) {
    add('multipart, two files', multipart(valid, [file, file]).bytes, { 'content-type': parts.type });
    for (const [index, hostile] of hostileFiles(upload.field).entries()) {
      const body = multipart(valid, [hostile]);
      add(`multipart, hostile file #${index} ${JSON.stringify(hostile.fileName.slice(0, 30))}`, body.bytes, { 'content-type': body.type, accept: 'application/json' });
    }
    const bombBody = () => multipart(valid, [{ field: upload.field, fileName: 'bomb.png', contentType: 'image/png', bytes: bomb() }]);
    if (upload.accept === 'image') add('multipart, 36 M-pixel PNG (decompression bomb)', bombBody().bytes, { 'content-type': bombBody().type, accept: 'application/json' });
  }

  // Valid in every field, stopped only by the captcha (or, for the newsletter, by a missing tick).
  const complete = upload ? multipart(valid, file ? [file] : []) : { bytes: utf8(jsonBody(valid)), type: 'application/json' };
  if (definition.captcha) {
    for (const variant of cookieVariants(form))
      add(`valid payload, captcha cookie: ${variant.label}`, complete.bytes, { 'content-type': complete.type, accept: 'application/json' }, { cookie: variant.cookie });
  }
  const withHoneypot = valid.map(([key, value]): [string, Value] => [key, key === 'fax' ? 'http://spam.example' : value]);
  add('valid payload, honeypot filled (JSON)', utf8(jsonBody(withHoneypot)), json, { honeypot: true });
  add('valid payload, honeypot filled (plain post)', utf8(urlencodedBody(withHoneypot)), plain, { honeypot: true });
  const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: '', 'sec-fetch-site': 'cross-site' }];
  for (const headers of crossSite) {
    add(`valid payload, origin ${JSON.stringify(headers)}`, complete.bytes, { 'content-type': complete.type, ...headers });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Running the cases.

/** The newsletter has no captcha: a payload its schema accepts would be a real sign-up, not a hostile one. */
async function acceptable(form: FormName, request: Request): Promise<boolean> {
  if (formKinds[form].definition.captcha) return false;
  const parsed = await readBody(request, { withFiles: formKinds[form].definition.upload !== undefined });
  if (!parsed.ok) return false;
  const fax = parsed.fields.fax;
  return !(typeof fax === 'string' && fax !== '') && formKinds[form].schema.safeParse(parsed.fields).success;
}

/** Whether the server sees the honeypot filled (a mutation may fill it too, or a `__proto__` key). */
async function filledHoneypot(form: FormName, request: Request): Promise<boolean> {
  const parsed = await readBody(request, { withFiles: formKinds[form].definition.upload !== undefined });
  const fax = parsed.ok ? parsed.fields.fax : undefined;
  return typeof fax === 'string' && fax !== '';
}

/** Whether the handler answers JSON: a JSON body, or a script that asks for it (handle-request.ts). */
function wantsJson(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json') || (request.headers.get('accept') ?? '').includes('application/json');
}

type Outcome = { status: number; ms: number; wallMs: number };
const draftLocation = /^\/[a-z]{2}\/[^?#]*\?draft=[\w-]{16}#form-status$/;
const refusals = new Set([400, 403, 409, 413, 422]);

async function run(form: FormName, hostile: HostileCase): Promise<Outcome & { problem?: string }> {
  const request = hostile.build();
  const json = wantsJson(request);
  const started = performance.now();
  const cpu = process.cpuUsage();
  let response: Response;
  let text: string;
  try {
    response = hostile.viaRoute ? await formRoute(form).POST(request) : await handleFormRequest(form, request);
    text = await response.text();
  } catch (error) {
    return { status: 0, ms: cpuMs(cpu), wallMs: performance.now() - started, problem: `threw ${String(error)}` };
  }
  const ms = cpuMs(cpu);
  const wallMs = performance.now() - started;
  const status = response.status;
  const type = response.headers.get('content-type') ?? '';
  const problem = await (async () => {
    if (status >= 500) return `answered ${status}: ${text.slice(0, 200)}`;
    if (ms > boundMs) return `took ${Math.round(ms)} ms of CPU (${Math.round(wallMs)} ms)`;
    if (wallMs > hangMs) return `took ${Math.round(wallMs)} ms`;
    // A refused plain post goes back to its page, which shows the form again from the draft cookie.
    if (!json && status === 303 && draftLocation.test(response.headers.get('location') ?? '')) {
      const cookies = response.headers.getSetCookie().join('\n');
      return /^form-draft=[\w-]+;.*Max-Age=900; HttpOnly; SameSite=Lax/m.test(cookies) && cookies.length < 8_500 ? undefined : `sent back without a bounded draft: ${cookies.slice(0, 200)}`;
    }
    if (status < 400) {
      if (!hostile.honeypot && !(await filledHoneypot(form, hostile.build()))) return `accepted with ${status}`;
      if (json && !(status === 200 && text.includes('"ignored"'))) return `honeypot answered ${status} ${text.slice(0, 100)}`;
      if (!json && status !== 303) return `honeypot answered ${status} to a plain post`;
      return undefined;
    }
    if (!refusals.has(status)) return `unexpected status ${status}`;
    if (json) {
      if (!type.startsWith('application/json')) return `JSON caller got ${type}`;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `JSON caller got no JSON: ${text.slice(0, 200)}`;
      }
      if (typeof body !== 'object' || body === null || !('ok' in body) || body.ok !== false || !('message' in body) || typeof body.message !== 'string' || body.message === '') {
        return `JSON error without a message: ${text.slice(0, 200)}`;
      }
      return undefined;
    }
    if (!type.startsWith('text/html') || !text.includes('<html lang=') || !/<p role="alert">[^<]+<\/p>/.test(text)) return `plain post got no error page: ${type} ${text.slice(0, 200)}`;
    return undefined;
  })();
  return { status, ms, wallMs, problem };
}

/** Children first, so that they can be emptied in this order after a failure. */
const tables = ['outbox', 'uploads', 'bookings', 'document_requests', 'newsletter_signups', 'requests'] as const;

async function storedRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await runSql<{ n: number }>(store, `SELECT COUNT(*) AS n FROM ${table}`))[0]?.n ?? -1);
  return counts;
}
const nothingStored = Object.fromEntries(tables.map((table) => [table, 0]));

// Nothing stored, whichever database would store it.
describe.each(testDatabases)('on $name', (database) => {
  beforeAll(async () => {
    store = await database.open();
    setStore(store);
    resetRateLimiter();
  });

  afterAll(async () => {
    setStore(undefined);
    resetRateLimiter();
    await closeOpenedStores();
  });

  /** Per form: how many payloads, the worst time, and the statuses seen (printed at the end for the report). */
  const summary: { form: string; payloads: number; worstMs: number; worstCase: string; worstWallMs: number; statuses: Record<number, number> }[] = [];

  describe('every form endpoint, under 1,000+ hostile payloads each', () => {
    afterAll(() => {
      const total = summary.reduce((sum, row) => sum + row.payloads, 0);
      const worst = summary.reduce((max, row) => (row.worstMs > max.worstMs ? row : max), { worstMs: 0, worstCase: '-', worstWallMs: 0, form: '-', payloads: 0, statuses: {} });
      console.log(
        [
          `hostile form payloads on ${database.name}: ${total} in all; worst ${worst.worstMs.toFixed(1)} ms of CPU (${worst.worstCase})`,
          ...summary.map(
            (row) =>
              `  ${row.form.padEnd(22)} ${String(row.payloads).padStart(5)} payloads, worst ${row.worstMs.toFixed(1).padStart(7)} ms CPU, ${row.worstWallMs.toFixed(1).padStart(7)} ms wall, statuses ${JSON.stringify(row.statuses)}`,
          ),
        ].join('\n'),
      );
    });

    it.each(formNames)('%s: never a 5xx, an exception, a hang or a stored row', { timeout: 120_000 }, async (form) => {
      const cases = fixedCases(form);
      // Each form draws from its own range of seeds: a case is replayed by its seed alone.
      let seed = 1_000_000 * (formNames.indexOf(form) + 1);
      for (let added = 0; added < randomCasesPerForm; seed += 1) {
        const candidate = randomCase(form, seed);
        // The newsletter has no captcha: skip the rare payload that is a genuine sign-up.
        if (await acceptable(form, candidate.build())) continue;
        cases.push(candidate);
        added += 1;
      }
      expect(cases.length).toBeGreaterThanOrEqual(1_000);

      const scheduledBefore = afterTasks;
      const problems: string[] = [];
      const statuses: Record<number, number> = {};
      let worst = { ms: 0, label: '-' };
      let worstWall = 0;
      let checkedUpTo = 0;
      for (const [index, hostile] of cases.entries()) {
        const outcome = await run(form, hostile);
        statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
        if (outcome.ms > worst.ms) worst = { ms: outcome.ms, label: hostile.label };
        worstWall = Math.max(worstWall, outcome.wallMs);
        if (outcome.problem) problems.push(`${hostile.label}: ${outcome.problem}`);
        // Checked every 100 payloads, so that a stored row is traced to a short stretch of cases.
        if (index % 100 === 99 || index === cases.length - 1) {
          const rows = await storedRows();
          const files = readdirSync(uploadDir);
          if (JSON.stringify(rows) !== JSON.stringify(nothingStored) || files.length > 0) {
            problems.push(`stored ${JSON.stringify(rows)} and ${files.length} files by cases ${checkedUpTo}..${index} (last: ${hostile.label})`);
            for (const table of tables) await runSql(store, `DELETE FROM ${table}`);
          }
          checkedUpTo = index + 1;
        }
      }
      summary.push({ form, payloads: cases.length, worstMs: worst.ms, worstCase: worst.label, worstWallMs: worstWall, statuses });

      expect(problems.slice(0, 20), `${problems.length} problems`).toEqual([]);
      expect(await storedRows()).toEqual(nothingStored);
      expect(readdirSync(uploadDir)).toEqual([]);
      expect(afterTasks - scheduledBefore).toBe(0);
      // A `__proto__` key may set one object's prototype, never the shared ones.
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys.object);
      expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(prototypeKeys.array);
    });
  });

  describe('the fixtures', () => {
    it('are valid in every field: each form refuses its base payload for the captcha (or the newsletter tick) alone', async () => {
      for (const form of formNames) {
        const definition = formKinds[form].definition;
        const file = validFile(form);
        const valid = validEntries(form);
        const entries: Entries = definition.captcha ? valid : valid.filter(([key]) => key !== 'privacy');
        const body = file ? multipartBody(entries, [file], { boundary: 'fixture' }) : utf8(jsonBody(entries));
        const cookie = definition.captcha ? `${captchaCookie(form)}=${genuineToken(form, unmatchableAnswer)}` : '';
        const request = new Request(`${origin}/api/forms/${form}/`, {
          method: 'POST',
          headers: { origin, host, accept: 'application/json', 'content-type': file ? 'multipart/form-data; boundary=fixture' : 'application/json', cookie },
          body,
        });
        const response = await handleFormRequest(form, request);
        const answer = (await response.json()) as { fieldErrors?: Record<string, unknown> };
        expect({ form, status: response.status, fields: Object.keys(answer.fieldErrors ?? {}) }).toEqual({ form, status: 422, fields: [definition.captcha ? 'captcha' : 'privacy'] });
      }
      expect(await storedRows()).toEqual(nothingStored);
    });
  });

  describe('the captcha', () => {
    it('refuses every cookie this suite sends with a complete payload: missing, forged, badly encoded, expired, of another form, tampered', async () => {
      for (const form of formNames.filter((name) => formKinds[name].definition.captcha && !formKinds[name].definition.upload)) {
        for (const variant of cookieVariants(form)) {
          const cookie = variant.cookie();
          const request = new Request(`${origin}/api/forms/${form}/`, {
            method: 'POST',
            headers: { origin, host, 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
            body: jsonBody(validEntries(form)),
          });
          const response = await handleFormRequest(form, request);
          const answer = (await response.json()) as { fieldErrors?: Record<string, unknown> };
          expect({ form, variant: variant.label, status: response.status, fields: Object.keys(answer.fieldErrors ?? {}) }).toEqual({ form, variant: variant.label, status: 422, fields: ['captcha'] });
        }
      }
      expect(await storedRows()).toEqual(nothingStored);
    });
  });

  describe('the bodies of issue 12, finding 1, on every form', () => {
    it('refuses 60 kB of repeated names with 413, a 3 MB multipart body with 413 (upload forms) or 400 (others), each in a few milliseconds', async () => {
      for (const form of formNames) {
        const post = async (body: Uint8Array<ArrayBuffer>, contentType: string) => {
          const cpu = process.cpuUsage();
          const response = await handleFormRequest(
            form,
            new Request(`${origin}/api/forms/${form}/`, { method: 'POST', headers: { origin, host, 'content-type': contentType, accept: 'application/json' }, body }),
          );
          await response.text();
          return { status: response.status, cpuMs: cpuMs(cpu) };
        };
        const repeated = await post(sharedBodies.repeatedNames, 'application/x-www-form-urlencoded');
        const parts = await post(sharedBodies.manyParts, 'multipart/form-data; boundary=manyparts');
        expect({ form, repeated: repeated.status, parts: parts.status }).toEqual({ form, repeated: 413, parts: formKinds[form].definition.upload ? 413 : 400 });
        // Generous for a loaded machine; the issue measured 0.5 s and 26 s.
        expect(repeated.cpuMs).toBeLessThan(250);
        expect(parts.cpuMs).toBeLessThan(250);
      }
      expect(await storedRows()).toEqual(nothingStored);
    });

    it('refuses a well-formed multipart post on the forms without an upload (400)', async () => {
      for (const form of formNames.filter((name) => !formKinds[name].definition.upload)) {
        const body = multipartBody(validEntries(form), [], { boundary: 'plain' });
        const response = await handleFormRequest(
          form,
          new Request(`${origin}/api/forms/${form}/`, { method: 'POST', headers: { origin, host, 'content-type': 'multipart/form-data; boundary=plain', accept: 'application/json' }, body }),
        );
        expect({ form, status: response.status, body: await response.json() }).toMatchObject({ form, status: 400, body: { ok: false, error: 'invalidRequest' } });
      }
    });
  });

  describe('the rate limit', () => {
    it('answers 429 before a byte of the body is read', async () => {
      process.env.FORM_RATE_LIMIT = '1';
      resetRateLimiter();
      try {
        const first = await handleFormRequest(
          'contact-me',
          new Request(`${origin}/api/forms/contact-me/`, { method: 'POST', headers: { origin, host, 'content-type': 'application/json' }, body: '{}' }),
        );
        expect(first.status).toBe(422);
        let reads = 0;
        // highWaterMark 0: the stream asks for nothing until someone reads it.
        const body = new ReadableStream<Uint8Array<ArrayBuffer>>(
          {
            pull(controller) {
              reads += 1;
              controller.enqueue(sharedBodies.repeatedNames);
              controller.close();
            },
          },
          { highWaterMark: 0 },
        );
        const started = performance.now();
        const limited = await handleFormRequest('contact-me', streamedRequest(`${origin}/api/forms/contact-me/`, { origin, host, 'content-type': 'application/x-www-form-urlencoded' }, body));
        // A plain post goes back to its form, which says why.
        expect(limited.status).toBe(303);
        expect(limited.headers.get('location')).toMatch(/\?draft=[\w-]{16}#form-status$/);
        expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(reads).toBe(0);
        expect(performance.now() - started).toBeLessThan(100);
      } finally {
        process.env.FORM_RATE_LIMIT = '100000000';
        resetRateLimiter();
      }
    });
  });

  describe('found by this suite', () => {
    it('send-to-friend refuses a 30,000-character name within the bound (the link check is quadratic in the length)', async () => {
      // lib/forms/fields.ts containsLink runs on the whole value even when it is far over the
      // 100-character limit, and /[\p{L}\p{N}-]{2,}\.\p{L}{2,63}…/u backtracks over every start.
      const entries = validEntries('send-to-friend').map(([key, value]): [string, Value] => [key, key === 'firstName' ? 'x'.repeat(30_000) : value]);
      const cpu = process.cpuUsage();
      const response = await handleFormRequest(
        'send-to-friend',
        new Request(`${origin}/api/forms/send-to-friend/`, { method: 'POST', headers: { origin, host, 'content-type': 'application/json' }, body: jsonBody(entries) }),
      );
      expect(response.status).toBe(422);
      expect(cpuMs(cpu)).toBeLessThan(boundMs);
    });
  });

  describe('a client that goes away mid-body', () => {
    it.each(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=gone'] as const)('(%s) gets a 4xx, not an exception', async (contentType) => {
      const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
        start(controller) {
          controller.enqueue(utf8('--gone\r\nContent-Disposition: form-data; name="email"\r\n\r\nmarie'));
        },
        pull(controller) {
          controller.error(new Error('aborted'));
        },
      });
      const response = await handleFormRequest(
        'job-application',
        streamedRequest(`${origin}/api/forms/job-application/`, { origin, host, 'content-type': contentType, accept: 'application/json' }, body),
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });
  });
});
