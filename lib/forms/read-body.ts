/*
 * Reads a request body under a size cap, whatever the client claims in Content-Length, and turns
 * JSON, urlencoded and multipart bodies into the same plain object for the schemas.
 */

export const maxTextBody = 64 * 1024;
/** One 5 MB upload plus the fields around it. */
export const maxMultipartBody = 6 * 1024 * 1024;

export type BodyFields = Record<string, unknown>;
export type ParsedBody =
  | { ok: true; fields: BodyFields; files: Record<string, File> }
  | { ok: false; reason: 'too-large' | 'malformed' | 'unsupported' };

async function readCapped(request: Request, cap: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) return undefined;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Repeated keys (checkbox groups) become arrays; a single value stays a string. */
function collect(entries: Iterable<[string, FormDataEntryValue]>): { fields: BodyFields; files: Record<string, File> } {
  const fields: BodyFields = {};
  const files: Record<string, File> = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string') {
      files[key] = value;
      continue;
    }
    const existing = fields[key];
    if (existing === undefined) fields[key] = value;
    else fields[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return { fields, files };
}

export async function readBody(request: Request, options: { withFiles: boolean }): Promise<ParsedBody> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const multipart = type.startsWith('multipart/form-data');
  if (multipart && !options.withFiles) return { ok: false, reason: 'unsupported' };
  const bytes = await readCapped(request, multipart ? maxMultipartBody : maxTextBody);
  if (!bytes) return { ok: false, reason: 'too-large' };
  try {
    if (type.startsWith('application/json')) {
      const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'malformed' };
      return { ok: true, fields: parsed as BodyFields, files: {} };
    }
    if (type.startsWith('application/x-www-form-urlencoded')) {
      return { ok: true, ...collect(new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).entries()) };
    }
    if (multipart) {
      const data = await new Response(bytes.buffer as ArrayBuffer, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
      return { ok: true, ...collect(data.entries()) };
    }
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  return { ok: false, reason: 'unsupported' };
}
