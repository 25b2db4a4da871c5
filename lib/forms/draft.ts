import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { deriveKey } from '../security/secret';
import { isDraftId } from './draft-id';
import { honeypotField } from './field-names';
import { isFormName, type FormName } from '../form-kinds/table';

/*
 * A form that failed without JavaScript comes back filled in (design.md §4): the form route keeps
 * what the visitor typed and the errors in a "draft", and the page, rendered per request, shows it
 * until it is sent or 15 minutes have passed. The draft travels in an encrypted HttpOnly cookie
 * scoped to that page: nothing personal in the URL (which carries only the draft's random id), in
 * logs or in the database, so that it also works when the database is what failed, and on any
 * instance that shares SITE_SECRET. Files, passwords and the captcha answer are never kept.
 */

export type FormDraft = {
  /** Random; the page's URL names it, so that an older cookie is never shown for a newer post. */
  id: string;
  form: FormName;
  /** The listing or project the form was about, so that only that page's form is filled in. */
  about?: number;
  /** What the visitor typed: one text, or the ticked values of a checkbox group. */
  values: Record<string, string | string[]>;
  /** Field name to a key of forms.errors. */
  errors: Record<string, string>;
  /** A key of forms.status: what the summary above the form says. */
  status: string;
};

const draftCookie = 'form-draft';
export const draftTtlSeconds = 15 * 60;

/** Two cookies at most: 8 kB of headers is what common proxies accept per request line. */
const chunkSize = 3800;
const maxChunks = 2;
/** The longest value kept; the schemas' longest field takes 3,000 characters. */
const maxValueLength = 4000;
const maxValues = 60;
const neverKept = new Set(['captcha', honeypotField, 'lang', 'source']);

export const newDraftId = () => randomBytes(12).toString('base64url');

/**
 * The fields of a post worth giving back: the form's own fields as typed (texts and ticked values),
 * not files or the captcha.
 */
export function keptValues(fields: Readonly<Record<string, unknown>>, formFields: readonly string[]): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const name of formFields) {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (neverKept.has(name) || Object.keys(values).length >= maxValues) continue;
    if (typeof value === 'string') values[name] = value.slice(0, maxValueLength);
    else if (typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
    else if (Array.isArray(value)) {
      const texts = value.filter((item): item is string => typeof item === 'string').map((item) => item.slice(0, 200));
      values[name] = texts.slice(0, 40);
    }
  }
  return values;
}

const key = () => deriveKey('form-draft');

function seal(draft: FormDraft): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(deflateRawSync(Buffer.from(JSON.stringify(draft), 'utf8'))), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(sealed: string): unknown {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const inflated = inflateRawSync(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]), { maxOutputLength: 256 * 1024 });
    return JSON.parse(inflated.toString('utf8'));
  } catch {
    return undefined;
  }
}

const draftShape = z.object({
  id: z.string(),
  form: z.string().refine(isFormName),
  about: z.number().optional(),
  values: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  errors: z.record(z.string(), z.string()),
  status: z.string(),
});

/**
 * The cookies that carry a draft: its sealed text cut in pieces. When even two cookies cannot hold
 * it, the longest texts are left out and marked, so that the visitor is told to type them again.
 */
export function draftCookieValues(draft: FormDraft): string[] {
  let current = draft;
  // What surely cannot fit goes first, so that sealing is tried a few times at most.
  while (length(current) > maxKeptCharacters) current = withoutLongest(current);
  for (;;) {
    const sealed = seal(current);
    if (sealed.length <= chunkSize * maxChunks) {
      const chunks: string[] = [];
      for (let start = 0; start < sealed.length; start += chunkSize) chunks.push(sealed.slice(start, start + chunkSize));
      return chunks;
    }
    if (Object.keys(current.values).length === 0) return [];
    current = withoutLongest(current);
  }
}

/** What two cookies hold once compressed, for text that compresses poorly. */
const maxKeptCharacters = 6000;
const valueLength = (value: string | string[]) => (typeof value === 'string' ? value.length : value.join('').length);
const length = (draft: FormDraft) => Object.values(draft.values).reduce((sum, value) => sum + valueLength(value), 0);

function withoutLongest(draft: FormDraft): FormDraft {
  const longest = Object.entries(draft.values).sort(([, a], [, b]) => valueLength(b) - valueLength(a))[0];
  if (!longest) return draft;
  const values = { ...draft.values };
  delete values[longest[0]];
  return { ...draft, values, errors: { ...draft.errors, [longest[0]]: 'draftNotKept' } };
}

/** The name of the nth cookie of a draft. */
export const draftCookieName = (index: number) => (index === 0 ? draftCookie : `${draftCookie}-${index}`);
export const draftCookieNames = Array.from({ length: maxChunks }, (_, index) => draftCookieName(index));

/** The draft the page's URL names, from the request's cookies; anything else is no draft. */
export function readDraft(cookie: (name: string) => string | undefined, id: string | undefined): FormDraft | undefined {
  if (!isDraftId(id)) return undefined;
  const sealed = draftCookieNames.map((name) => cookie(name) ?? '').join('');
  if (!sealed) return undefined;
  const parsed = draftShape.safeParse(open(sealed));
  if (!parsed.success || parsed.data.id !== id || !isFormName(parsed.data.form)) return undefined;
  return { ...parsed.data, form: parsed.data.form };
}
