import { Busboy, type BusboyInstance } from '@fastify/busboy';

/*
 * Reads a request body under a size cap, whatever the client claims in Content-Length, and turns
 * JSON, urlencoded and multipart bodies into the same plain object for the schemas. Every step is
 * linear in the body size and stops at the first limit passed: a hostile body costs at most the
 * bytes under the cap, never the event loop.
 */

export const maxTextBody = 64 * 1024;
/** One 5 MB upload plus the fields around it. */
export const maxMultipartBody = 6 * 1024 * 1024;
/** The longest form has a few dozen inputs; its checkbox groups send one entry per ticked box. */
export const maxFields = 120;
/** Multipart parts: the fields and at most one file. */
const maxParts = maxFields + 1;
const maxFieldNameBytes = 100;
const sliceBytes = 16 * 1024;
/**
 * How long a body may take to arrive, from the first read: Node itself would wait 300 s
 * (requestTimeout), holding the connection for a client that sends a byte now and then. 64 kB of
 * text takes well under a second on any link; 6 MB in 50 s is a 1 Mbit/s upload.
 */
const textBodyDeadlineMs = 20_000;
const multipartBodyDeadlineMs = 50_000;

export type BodyFields = Record<string, unknown>;
type BodyFailure = 'too-large' | 'too-many-fields' | 'malformed' | 'unsupported' | 'timeout';
export type ParsedBody = { ok: true; fields: BodyFields; files: Record<string, File> } | { ok: false; reason: BodyFailure };

/**
 * Reads at most `cap` bytes; undefined when the body (declared or real) is larger. Throws when
 * the client goes away mid-body, or when the body has not arrived within the text deadline.
 */
export async function readCapped(request: Request, cap: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) {
    await request.body?.cancel();
    return undefined;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const deadline = deadlineIn(textBodyDeadlineMs);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await readOrAbort(reader, deadline);
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
  } finally {
    deadline.clear();
  }
  return Buffer.concat(chunks, total);
}

/** A client that goes away mid-body ends the read: the stream throws, and the body is malformed. */
class BodyAborted extends Error {}
/** The body has not arrived within its deadline: the read is cancelled, the answer is 408. */
class BodyTimedOut extends Error {}

/** Why readCapped gave up on a body it had begun to read, for its caller's answer. */
export const bodyFailure = (error: unknown): 'timeout' | 'aborted' | undefined => (error instanceof BodyTimedOut ? 'timeout' : error instanceof BodyAborted ? 'aborted' : undefined);

type Deadline = { expired: Promise<never>; clear: () => void };

function deadlineIn(ms: number): Deadline {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new BodyTimedOut(`the body did not arrive within ${ms} ms`)), ms);
  });
  // Between two reads nobody listens; the next read sees the rejection.
  expired.catch(() => undefined);
  return { expired, clear: () => clearTimeout(timer) };
}

async function readOrAbort(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: Deadline): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await Promise.race([reader.read(), deadline.expired]);
  } catch (error) {
    if (!(error instanceof BodyTimedOut)) throw new BodyAborted('the client stopped sending the body');
    await reader.cancel().catch(() => undefined);
    throw error;
  }
}

/** Repeated keys (checkbox groups) become arrays; a single value stays a string. */
class FieldCollector {
  private readonly values = new Map<string, string | string[]>();
  private readonly fileParts = new Map<string, File>();

  add(key: string, value: string): void {
    const existing = this.values.get(key);
    // Appending in place keeps a body of many repeated names linear.
    if (Array.isArray(existing)) existing.push(value);
    else this.values.set(key, existing === undefined ? value : [existing, value]);
  }

  addFile(key: string, file: File): void {
    this.fileParts.set(key, file);
  }

  // fromEntries defines each key as an own property: a "__proto__" field stays a plain field.
  get fields(): BodyFields {
    return Object.fromEntries(this.values);
  }

  get files(): Record<string, File> {
    return Object.fromEntries(this.fileParts);
  }
}

const decoder = () => new TextDecoder('utf-8', { fatal: true });

function parseJson(bytes: Uint8Array): ParsedBody {
  const parsed: unknown = JSON.parse(decoder().decode(bytes));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'malformed' };
  const entries = Object.entries(parsed);
  if (entries.length > maxFields) return { ok: false, reason: 'too-many-fields' };
  // fromEntries defines each key as an own property: a "__proto__" key stays a plain field.
  return { ok: true, fields: Object.fromEntries(entries), files: {} };
}

function parseUrlencoded(bytes: Uint8Array): ParsedBody {
  const text = decoder().decode(bytes);
  // Count the separators before URLSearchParams allocates an entry for each of them.
  let separators = 0;
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) {
    if (++separators >= maxFields) return { ok: false, reason: 'too-many-fields' };
  }
  const collector = new FieldCollector();
  for (const [key, value] of new URLSearchParams(text)) {
    if (key.length > maxFieldNameBytes) return { ok: false, reason: 'malformed' };
    collector.add(key, value);
  }
  return { ok: true, fields: collector.fields, files: {} };
}

/** Waits for room in the parser, or for its end if it failed while full. */
function settledOrDrained(parser: BusboyInstance): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('error', done);
      parser.off('close', done);
      resolve();
    };
    parser.on('drain', done);
    parser.on('error', done);
    parser.on('close', done);
  });
}

/**
 * Multipart bodies go through @fastify/busboy, a streaming parser with limits on the number of
 * parts, fields and files: it is fed chunk by chunk as they arrive and stopped at the first limit.
 */
async function parseMultipart(request: Request, contentType: string, cap: number): Promise<ParsedBody> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) {
    await request.body?.cancel();
    return { ok: false, reason: 'too-large' };
  }
  if (!request.body) return { ok: false, reason: 'malformed' };
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: { 'content-type': contentType },
      limits: { fields: maxFields, parts: maxParts, files: 1, fileSize: cap, fieldSize: maxTextBody, fieldNameSize: maxFieldNameBytes, headerPairs: 10 },
    });
  } catch {
    await request.body.cancel();
    return { ok: false, reason: 'malformed' };
  }

  const collector = new FieldCollector();
  let failure: BodyFailure | undefined;
  const fail = (reason: BodyFailure) => {
    failure ??= reason;
  };
  const pendingFiles: Promise<void>[] = [];
  parser.on('field', (name, value, nameTruncated, valueTruncated) => {
    if (nameTruncated || valueTruncated) fail('too-large');
    else collector.add(name, value);
  });
  parser.on('file', (name, stream, fileName, _encoding, mimeType) => {
    const chunks: Buffer[] = [];
    pendingFiles.push(
      new Promise<void>((resolve) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => fail('too-large'));
        stream.on('error', () => fail('malformed'));
        stream.on('end', () => {
          if (!stream.truncated) collector.addFile(name, new File([new Uint8Array(Buffer.concat(chunks))], fileName || 'file', { type: mimeType }));
          resolve();
        });
      }),
    );
  });
  parser.on('partsLimit', () => fail('too-many-fields'));
  parser.on('fieldsLimit', () => fail('too-many-fields'));
  parser.on('filesLimit', () => fail('too-many-fields'));
  const finished = new Promise<void>((resolve) => {
    parser.on('finish', () => resolve());
    parser.on('error', () => {
      fail('malformed');
      resolve();
    });
  });

  const reader = request.body.getReader();
  const deadline = deadlineIn(multipartBodyDeadlineMs);
  try {
    let total = 0;
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await readOrAbort(reader, deadline);
      } catch (error) {
        parser.destroy();
        return { ok: false, reason: error instanceof BodyTimedOut ? 'timeout' : 'malformed' };
      }
      const { done, value } = chunk;
      if (done) break;
      total += value.byteLength;
      if (total > cap) fail('too-large');
      if (failure) {
        await reader.cancel();
        parser.destroy();
        return { ok: false, reason: failure };
      }
      // Fed in slices, so that a limit passed inside one large chunk stops the parser at the next slice.
      for (let offset = 0; offset < value.byteLength && !failure; offset += sliceBytes) {
        if (!parser.write(value.subarray(offset, offset + sliceBytes))) await settledOrDrained(parser);
      }
      if (failure) {
        await reader.cancel();
        parser.destroy();
        return { ok: false, reason: failure };
      }
    }
  } finally {
    deadline.clear();
  }
  parser.end();
  await finished;
  await Promise.all(pendingFiles);
  if (failure) return { ok: false, reason: failure };
  return { ok: true, fields: collector.fields, files: collector.files };
}

export async function readBody(request: Request, options: { withFiles: boolean; maxBytes?: number }): Promise<ParsedBody> {
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    if (!options.withFiles) {
      await request.body?.cancel();
      return { ok: false, reason: 'unsupported' };
    }
    return parseMultipart(request, contentType, options.maxBytes ?? maxMultipartBody);
  }
  const json = type.startsWith('application/json');
  if (!json && !type.startsWith('application/x-www-form-urlencoded')) {
    await request.body?.cancel();
    return { ok: false, reason: 'unsupported' };
  }
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readCapped(request, options.maxBytes ?? maxTextBody);
  } catch (error) {
    return { ok: false, reason: error instanceof BodyTimedOut ? 'timeout' : 'malformed' };
  }
  if (!bytes) return { ok: false, reason: 'too-large' };
  try {
    return json ? parseJson(bytes) : parseUrlencoded(bytes);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
