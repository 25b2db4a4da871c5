import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BoundedCache } from '../cache/bounded-cache';
import { pageKey, prerenderedFile } from './inline-scripts';

/*
 * The proxy answers a browser's request for a prerendered page itself, with the bytes the build
 * wrote (issue 16). Next.js serves those same bytes, but only after its router, its page handler
 * and its response cache have run: at 57 listings that made a detail page cost about 6 ms of CPU,
 * 0.29× what nginx takes for the same file. The proxy already knows the page is prerendered (its
 * policy lists the file's script hashes), so it can send the file as the lists' kept answers are
 * sent (shared-answers.ts).
 *
 * No page revalidates and the process serves one build, so a file read once stays right until the
 * process ends. The bodies are kept up to a bound in bytes, the least recently used dropped first;
 * a body that is not kept is read from disk again (the operating system's cache keeps it close).
 * The proxy's own 404 answer, for a path Next.js cannot decode, is the not-found page read here too.
 */

/** The body as bytes: a string would be encoded again for every answer (a fifth of its cost, measured). */
export type PrerenderedAnswer = { body: Buffer<ArrayBuffer>; etag: string };

const maxBytes = 16 * 1024 * 1024;
const maxAnswerBytes = 1024 * 1024;
// A larger page is sent but not kept.
const answers = new BoundedCache<string, PrerenderedAnswer>(maxBytes, (answer) => answer.body.byteLength, maxAnswerBytes);

/** What Next.js sends with a prerendered page: shared caches may keep it, browsers revalidate it by its ETag. */
export const prerenderedCacheControl = 's-maxage=31536000';
/** The request headers that make Next.js answer the same URL with the page's React payload instead of its HTML. */
export const prerenderedVary = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

/** The build's HTML of the page at `pathname` and its ETag, or undefined when the build has no file for it. */
export async function prerenderedAnswer(pathname: string): Promise<PrerenderedAnswer | undefined> {
  const key = pageKey(pathname);
  if (key === undefined) return undefined;
  const kept = answers.get(key);
  if (kept) return kept;
  const file = prerenderedFile(key);
  if (!file) return undefined;
  let body: Buffer<ArrayBuffer>;
  try {
    body = await readFile(file);
  } catch {
    return undefined;
  }
  const answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  answers.set(key, answer);
  return answer;
}

/** Whether an If-None-Match header names this ETag (a list of them, or *), weak or strong. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
