import { register } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';

/*
 * Generators for the hostile-input suite (issue 12, "a hostile-input suite that stays"). Everything
 * is drawn from a seeded generator, so `npm test` replays the same payloads on every run and a
 * failure names a case that can be replayed alone.
 */

/** A small seeded generator (mulberry32): deterministic, fast, good enough to pick test cases. */
export type Random = {
  float(): number;
  /** A whole number from 0 to max - 1. */
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const float = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(float() * max);
  return {
    float,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => float() < probability,
  };
}

/** What a field can hold in a JSON body; urlencoded and multipart bodies flatten it. */
export type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
/** Entries rather than an object: a body may repeat a key or carry `__proto__` as a plain name. */
export type Entries = [string, Value][];

/** Strings a person never types but a script will: one of them replaces a field's value. */
export const hostileStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'Marie\u0000Dubois',
  Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join(''),
  '\u007f\u0080\u009f',
  '\ud800',
  '\udfff',
  'a\udbffb\udc00c',
  '\u202eevil.exe\u202c',
  '\u200b\u200c\u200d\u2060\ufeff',
  '\u2028\u2029',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  'javascript:alert(1)',
  "' OR '1'='1' --",
  "'; DROP TABLE requests; --",
  '1 UNION SELECT payload FROM requests',
  '👨‍👩‍👧‍👦🏳️‍🌈🇧🇪',
  'Z̴̡̪̫͖̥̅̓̓a̶̢̛l̵g̷o̴',
  'marie@example.be\r\nBcc: victim@example.com',
  'x\r\n\r\n<html>',
  '%00',
  '%ff%fe',
  '%C0%AE%C0%AE/',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '${7*7}{{7*7}}<%= 7*7 %>#{7*7}',
  '%s%s%s%n',
  '=HYPERLINK("http://evil.example","x")',
  '+32 475 12 34 56\u0000',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-1',
  '0x1F',
  '4000001.5',
  '１２３４',
  '٣٤٥٦',
  '9'.repeat(400),
  ' '.repeat(5_000),
  'a'.repeat(3_001),
  'é'.repeat(20_000),
  'x'.repeat(20_000),
  'ab.'.repeat(6_000),
  'x'.repeat(70_000),
  'true',
  'on',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'mr',
  'sale',
  '2026-02-30',
  '9999-99-99',
  '2026-12-01T00:00:00Z',
  'Mons|7000',
  '|7000',
  'www.evil.example',
  'https://evil.example/phish',
  'evil@example.com',
];

/** Values of the wrong type: a string where a list is expected, and the reverse, and worse. */
export function wrongTypeValues(random: Random): Value[] {
  const deep = (depth: number): Value => (depth === 0 ? 'bottom' : { [random.pick(['a', '__proto__', 'constructor'])]: deep(depth - 1) });
  return [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    4000001,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    [],
    [''],
    ['a', 'b'],
    [['nested', ['deeper']]],
    Array.from({ length: 200 }, (_, index) => String(index)),
    {},
    { toString: 'x', valueOf: 1 },
    { length: 3, 0: 'a' },
    deep(40),
    { privacy: true, captcha: 'ABCDE' },
  ];
}

/** Key names a script might try: prototype keys, the captcha's own field, junk. */
export const hostileKeys: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '__defineGetter__',
  'then',
  '',
  ' ',
  'a[b][c]',
  'privacy[]',
  'email[0]',
  '\u0000',
  'k\u202eey',
  '<script>',
  'x'.repeat(101),
  'ü'.repeat(60),
  '$where',
  'captcha ',
  'CAPTCHA',
  'Fax',
  'lang',
  'source',
];

/** A random field name of 1 to 24 characters from a mixed alphabet. */
export function randomKey(random: Random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.[]$%&=+ éß中🙂\u0000\u202e';
  const characters = [...alphabet];
  return Array.from({ length: 1 + random.int(24) }, () => random.pick(characters)).join('');
}

/** A random string of a random length, from printable, accented, control and astral characters. */
export function randomText(random: Random, maxLength = 300): string {
  const pools = ['abcdefghijklmnopqrstuvwxyz ', 'ÀÉÈÊËÎÏÔÙÛÜŸÇàéèêëîïôùûüÿç', '\u0000\u0001\u0008\u000b\u001b\u007f', '\u202a\u202b\u202d\u202e\u2066\u2069', '<>"\'&;%=/\\', '😀🏠€£'];
  const length = random.int(maxLength + 1);
  let text = '';
  for (let index = 0; index < length; index += 1) text += random.pick([...random.pick(pools)]);
  return text;
}

const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

/** Percent-encodes a string's UTF-8 bytes (lone surrogates become U+FFFD, as a browser sends them). */
function formEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const character = String.fromCharCode(byte);
    out += /[A-Za-z0-9*\-._]/.test(character) ? character : byte === 0x20 ? '+' : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value as a plain form would send it: lists become repeated names, objects bracketed names. */
function flatten(key: string, value: Value): [string, string][] {
  if (value === null) return [[key, '']];
  if (Array.isArray(value)) return value.flatMap((item) => (Array.isArray(item) || (typeof item === 'object' && item !== null) ? flatten(`${key}[]`, item) : flatten(key, item)));
  if (typeof value === 'object') return Object.entries(value).flatMap(([sub, item]) => flatten(`${key}[${sub}]`, item));
  return [[key, String(value)]];
}

export function urlencodedBody(entries: Entries): string {
  return entries
    .flatMap(([key, value]) => flatten(key, value))
    .map(([key, value]) => `${formEncode(key)}=${formEncode(value)}`)
    .join('&');
}

/** JSON text written key by key, so that repeated keys and `__proto__` reach the parser as sent. */
export function jsonBody(entries: Entries): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
}

export type FilePart = { field: string; fileName: string; contentType: string; bytes: Uint8Array<ArrayBuffer> };
export type MultipartOptions = { boundary: string; lineEnd?: string; closing?: boolean; preamble?: string; partHeaders?: string[] };

/** A multipart/form-data body, built by hand so that it can be wrong in every way a parser must survive. */
export function multipartBody(entries: Entries, files: readonly FilePart[], options: MultipartOptions): Uint8Array<ArrayBuffer> {
  const end = options.lineEnd ?? '\r\n';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (options.preamble) chunks.push(utf8(options.preamble + end));
  const extra = (options.partHeaders ?? []).map((header) => header + end).join('');
  for (const [key, value] of entries.flatMap(([name, item]) => flatten(name, item))) {
    chunks.push(utf8(`--${options.boundary}${end}Content-Disposition: form-data; name="${key.replace(/"/g, '%22')}"${end}${extra}${end}${value}${end}`));
  }
  for (const file of files) {
    chunks.push(
      utf8(
        `--${options.boundary}${end}Content-Disposition: form-data; name="${file.field}"; filename="${file.fileName.replace(/"/g, '%22')}"${end}Content-Type: ${file.contentType}${end}${extra}${end}`,
      ),
    );
    chunks.push(file.bytes, utf8(end));
  }
  if (options.closing !== false) chunks.push(utf8(`--${options.boundary}--${end}`));
  return Buffer.concat(chunks);
}

/** Byte sequences that are not UTF-8: a stray byte, an overlong dot, an encoded surrogate, a cut sequence. */
export const invalidUtf8: readonly Uint8Array<ArrayBuffer>[] = [
  Uint8Array.of(0xff),
  Uint8Array.of(0xfe, 0xff),
  Uint8Array.of(0xc0, 0xae),
  Uint8Array.of(0xe0, 0x80, 0xae),
  Uint8Array.of(0xed, 0xa0, 0x80),
  Uint8Array.of(0x80),
  Uint8Array.of(0xe2, 0x82),
  Uint8Array.of(0xf4, 0x90, 0x80, 0x80),
];

/** Percent-escapes that do not decode: cut, not hex, overlong UTF-8, a lone surrogate. */
export const badPercent: readonly string[] = ['%', '%g1', '%e9%', '%C0%AE', '%ED%A0%80', '%ff', '%%%', '%2', '%u0041'];

/** Inserts `insert` into `bytes` at a random position. */
export function splice(random: Random, bytes: Uint8Array<ArrayBuffer>, insert: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const at = random.int(bytes.length + 1);
  return Buffer.concat([bytes.subarray(0, at), insert, bytes.subarray(at)]);
}

/** A 1×1 PNG: a picture sharp accepts, for upload forms whose other fields are hostile. */
export const tinyPng = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));
export const tinyPdf = utf8('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function pngChunk(type: string, data: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * A grey PNG of width × height whose pixels are all zero: a few kB that decode to width × height
 * bytes (a decompression bomb when large). With `truncate`, the image data is cut short.
 */
export function pngOfSize(width: number, height: number, options: { truncate?: boolean; rows?: number } = {}): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Math.min(height, options.rows ?? height);
  const data = deflateSync(Buffer.alloc(rows * (width + 1)), { level: 9 });
  const idat = options.truncate ? data.subarray(0, Math.floor(data.length / 2)) : data;
  return Buffer.concat([Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', new Uint8Array())]);
}

const filesByField = new Map<string, FilePart[]>();

/** Files an upload field may be sent: wrong types, lies about their type, hostile names. */
export function hostileFiles(field: string): FilePart[] {
  const known = filesByField.get(field);
  if (known) return known;
  const files: FilePart[] = [
    { field, fileName: 'photo.png', contentType: 'image/png', bytes: tinyPng },
    { field, fileName: 'cv.pdf', contentType: 'application/pdf', bytes: tinyPdf },
    { field, fileName: '../../../../etc/passwd', contentType: 'image/png', bytes: tinyPng },
    { field, fileName: 'evil\u202egnp.exe', contentType: 'image/png', bytes: tinyPng },
    { field, fileName: 'a\u0000.pdf', contentType: 'application/pdf', bytes: tinyPdf },
    { field, fileName: `${'n'.repeat(2_000)}.pdf`, contentType: 'application/pdf', bytes: tinyPdf },
    { field, fileName: 'x.svg', contentType: 'image/svg+xml', bytes: utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    { field, fileName: 'x.html', contentType: 'application/pdf', bytes: utf8('%PDF-<html><script>alert(1)</script></html>') },
    { field, fileName: 'x.docx', contentType: 'application/msword', bytes: utf8('PK\u0003\u0004word/document.xml') },
    { field, fileName: 'half.png', contentType: 'image/png', bytes: tinyPng.subarray(0, 30) },
    { field, fileName: 'empty.pdf', contentType: 'application/pdf', bytes: new Uint8Array() },
    { field, fileName: 'huge.png', contentType: 'image/png', bytes: pngOfSize(100_000, 100_000, { rows: 1, truncate: true }) },
    { field, fileName: 'x.exe', contentType: 'application/octet-stream', bytes: utf8('MZ\u0090\u0000\u0003') },
  ];
  filesByField.set(field, files);
  return files;
}

/** The body as a stream that arrives in pieces of random size (1 byte to 8 kB), as a slow client sends it. */
export function chunkedStream(random: Random, bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  const sizes = [1, 7, 64, 1_000, 8_192];
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const size = random.pick(sizes);
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/**
 * Lets the proxy (proxy.ts) run in vitest. next-intl's middleware imports 'next/server' without an
 * extension, which Node's ESM resolver (what vitest uses for dependencies) refuses; Next.js bundles
 * the middleware, so the app never meets this. The hook resolves that one specifier to the file
 * Next.js ships. Call it before importing '@/proxy'.
 */
export function resolveNextServer(): void {
  const hook = `export async function resolve(specifier, context, next) {
    return next(specifier === 'next/server' ? 'next/server.js' : specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

/**
 * A POST whose body is a stream. Node's fetch needs `duplex: 'half'` for it, which the DOM typings
 * of RequestInit do not name yet; a typed variable (not a literal) carries it past the checker.
 */
export function streamedRequest(url: string, headers: Record<string, string>, body: ReadableStream<Uint8Array<ArrayBuffer>>): Request {
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body, duplex: 'half' };
  return new Request(url, init);
}
