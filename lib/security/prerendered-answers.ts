import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { BoundedCache } from '../cache/bounded-cache';
import { fileStamp, inlineScriptHashes, pageKey, prerenderedFile, rememberScriptHashes, wholePage } from './inline-scripts';

/*
 * The proxy answers a browser's request for a prerendered page itself, with the bytes the build
 * wrote (issue 16). Next.js serves those same bytes, but only after its router, its page handler
 * and its response cache have run: at 57 listings that made a detail page cost about 6 ms of CPU,
 * 0.29× what nginx takes for the same file. The proxy already knows the page is prerendered (its
 * policy lists the file's script hashes), so it can send the file as the lists' kept answers are
 * sent (shared-answers.ts).
 *
 * A catalogue reload makes Next.js render a page again and rewrite its file (in place), so a kept
 * body is named by the file's time and size, checked by one stat per request, and comes with the
 * hashes of its inline scripts from the same read: the policy always allows the bytes sent. A file
 * caught half-written is not sent (Next.js answers that request). The bodies are kept up to a bound
 * in bytes, the least recently used dropped first; a body that is not kept is read from disk again
 * (the operating system's cache keeps it close).
 * The proxy's own 404 answer, for a path Next.js cannot decode, is the not-found page read here too.
 */

/** The body as bytes: a string would be encoded again for every answer (a fifth of its cost, measured). */
export type PrerenderedAnswer = { body: Buffer<ArrayBuffer>; etag: string; hashes: readonly string[] };
type KeptAnswer = PrerenderedAnswer & { stamp: string };

const maxBytes = 16 * 1024 * 1024;
const maxAnswerBytes = 1024 * 1024;
// A larger page is sent but not kept.
const answers = new BoundedCache<string, KeptAnswer>(maxBytes, (answer) => answer.body.byteLength, maxAnswerBytes);

/** What Next.js sends with a prerendered page: shared caches may keep it, browsers revalidate it by its ETag. */
export const prerenderedCacheControl = 's-maxage=31536000';
/** The request headers that make Next.js answer the same URL with the page's React payload instead of its HTML. */
export const prerenderedVary = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

/** One version of a file: its bytes and the stamp they were read under, or undefined when it changed during the read. */
async function readWhole(file: string): Promise<{ body: Buffer<ArrayBuffer>; stamp: string } | undefined> {
  const handle = await open(/* turbopackIgnore: true */ file, 'r');
  try {
    const before = fileStamp(await handle.stat());
    const body = await handle.readFile();
    const after = await handle.stat();
    return fileStamp(after) === before && body.byteLength === after.size ? { body, stamp: before } : undefined;
  } finally {
    await handle.close();
  }
}

/** The build's HTML of the page at `pathname`, its ETag and its script hashes, or undefined when the build has no whole file for it. */
export async function prerenderedAnswer(pathname: string): Promise<PrerenderedAnswer | undefined> {
  const key = pageKey(pathname);
  if (key === undefined) return undefined;
  const file = prerenderedFile(key);
  if (!file) return undefined;
  const kept = answers.get(key);
  if (kept) {
    try {
      if (fileStamp(await stat(file)) === kept.stamp) return kept;
    } catch {
      return undefined;
    }
  }
  let read: Awaited<ReturnType<typeof readWhole>>;
  try {
    read = await readWhole(file);
  } catch {
    return undefined;
  }
  if (!read) return undefined;
  const html = read.body.toString('utf8');
  if (!wholePage(html)) return undefined;
  const answer = { body: read.body, stamp: read.stamp, etag: `"${createHash('sha256').update(read.body).digest('base64url').slice(0, 27)}"`, hashes: inlineScriptHashes(html) };
  rememberScriptHashes(key, read.stamp, answer.hashes);
  answers.set(key, answer);
  return answer;
}

/** Whether an If-None-Match header names this ETag (a list of them, or *), weak or strong. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
