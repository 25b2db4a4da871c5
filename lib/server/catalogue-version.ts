import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { keptCatalogueOf, type KeptCatalogue } from '../catalogue/load';
import { storeFromParts, storeParts, type StoreParts } from '../catalogue/listing-store';
import type { DataIssue } from '../data-file';
import { readServableCatalogue } from '../data-check';

/*
 * A published version read, checked and stored for serving. At 5,000 listings that is 114 MB of
 * records parsed, checked and deflated: 8 s of a loaded machine during which a server doing it on
 * its own thread answered no one (bench:sync, 2026-12-02: a probe waited 20 s). The server reads
 * it on a thread of its own, which hands back the store (summaries, maps and one buffer) to swap
 * in; only that copy costs the serving thread. Without tsx (a deploy without its dev dependencies,
 * where the pulls do not run either) or when the thread cannot start, it is read here.
 */

/** `thread`: where it was read, for the server's log line. */
export type ReadVersion = { ok: true; catalogue: KeptCatalogue; thread: 'its own thread' | 'the serving thread' } | { ok: false; issues: DataIssue[] };

/** What the thread posts: the kept catalogue with its store in parts. */
type Posted = { ok: true; catalogue: Omit<KeptCatalogue, 'listings'> & { listings: StoreParts } } | { ok: false; issues: DataIssue[] };

/** A version read on the calling thread. */
export function readVersionHere(dir: string): ReadVersion {
  const read = readServableCatalogue(dir);
  return read.ok ? { ok: true, catalogue: keptCatalogueOf(read.snapshot, read.marquees), thread: 'the serving thread' } : read;
}

/** The thread's side (lib/server/catalogue-version-thread.ts): the version read, in a form a structured clone keeps. */
export function postedVersion(dir: string): Posted {
  const read = readVersionHere(dir);
  if (!read.ok) return read;
  const { listings, ...files } = read.catalogue;
  return { ok: true, catalogue: { ...files, listings: storeParts(listings) } };
}

/** Our own thread's message, recognised by its shape (a clone keeps Maps, Sets and byte arrays). */
function isPosted(message: unknown): message is Posted {
  if (typeof message !== 'object' || message === null || !('ok' in message)) return false;
  if (message.ok === false) return 'issues' in message && Array.isArray(message.issues);
  if (!('catalogue' in message) || typeof message.catalogue !== 'object' || message.catalogue === null || !('listings' in message.catalogue)) return false;
  const store = message.catalogue.listings;
  return typeof store === 'object' && store !== null && 'bytes' in store && store.bytes instanceof Uint8Array && 'byKey' in store && store.byKey instanceof Map;
}

function tsxLoader(root: string): string | undefined {
  try {
    return createRequire(path.join(/* turbopackIgnore: true */ root, 'package.json')).resolve('tsx');
  } catch {
    return undefined;
  }
}

export type OffThreadOptions = {
  root?: string;
  /** The thread is stopped after this long, and the reload fails (the site stays on its version). */
  timeoutMs?: number;
};

const defaultTimeoutMs = 10 * 60_000;

/** A version read on a thread of its own; on this thread when no thread can run it. */
export function readVersionOffThread(dir: string, options: OffThreadOptions = {}): Promise<ReadVersion> {
  const root = options.root ?? process.cwd();
  const loader = tsxLoader(root);
  if (!loader) return Promise.resolve(readVersionHere(dir));
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      // Not `new Worker(file)`: Turbopack recognises that form and swaps in a worker chunk of its
      // own, which has no tsx loader and never answers, so under `next start` every reload fell
      // back to the serving thread. Through Reflect the bundler sees no worker to compile.
      worker = Reflect.construct(Worker, [path.join(/* turbopackIgnore: true */ root, 'lib/server/catalogue-version-thread.ts'), { workerData: dir, execArgv: ['--import', loader] }]);
    } catch {
      resolve(readVersionHere(dir));
      return;
    }
    let settled = false;
    // Whatever the outcome, the thread and its memory go.
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`the version was still being read after ${Math.round(timeoutMs / 1000)} s`))), timeoutMs);
    worker.once('message', (message: unknown) =>
      finish(() => {
        if (!isPosted(message)) return reject(new Error('the reading thread answered something else than a version'));
        if (!message.ok) return resolve(message);
        const { listings, ...files } = message.catalogue;
        resolve({ ok: true, catalogue: { ...files, listings: storeFromParts(listings) }, thread: 'its own thread' });
      }),
    );
    // A thread that could not run (its loader missing, a module it cannot load) costs only time:
    // the version is read here instead, as without tsx. Only a thread that hangs fails the reload.
    worker.once('error', () => finish(() => resolve(readVersionHere(dir))));
    worker.once('exit', () => finish(() => resolve(readVersionHere(dir))));
  });
}
