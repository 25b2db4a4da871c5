import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import path from 'node:path';
import { abandonCatalogueRun, catalogueRun, releaseLock, type Store } from '../../db';
import { pullLockName, type PullCounts } from './pull';
import { catalogueConnectorFromEnv } from './source';

/*
 * The pull inside the server (lib/server/start.ts): with the CRM configured, every
 * OMNICASA_PULL_MINUTES. Every instance runs the schedule; the pull's database lock lets one of
 * them work at a time, and the pull itself decides when an incremental run also compares every ID
 * with the CRM (once a day). Each pull runs in a child process of its own (scripts/catalogue-pull.ts
 * on tsx, as `npm run catalogue:pull`), with a heap of its own: at 5,000 listings a pull needs far
 * more than the server's 256 MB and would stall its event loop while it checks the catalogue. The
 * outcome is read from the child's run record; a published version is handed to onPublished, which
 * reloads it at once (lib/server/catalogue-reload.ts).
 */

const defaultMinutes = 5;
/** A day: a longer interval would skip the daily comparison. */
const maxMinutes = 24 * 60;
const defaultHeapMb = 2048;
/** Below the pull's lease (30 min, pull.ts): a hung child is stopped before its lock would free itself. */
const defaultTimeoutMs = 25 * 60_000;
/** Between SIGTERM (the child ends its run and frees the lock) and SIGKILL. */
const defaultGraceMs = 10_000;
/** What of the child's stderr is kept for the log line of a child that died without a word. */
const stderrTailBytes = 2_000;

type Log = Pick<Console, 'log' | 'error'>;

export type PullInterval = { ms: number } | { off: string };

/** OMNICASA_PULL_MINUTES: a whole number of minutes, 0 switching the schedule off. */
export function pullInterval(env: NodeJS.ProcessEnv = process.env): PullInterval {
  const raw = env.OMNICASA_PULL_MINUTES?.trim();
  if (!raw) return { ms: defaultMinutes * 60_000 };
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > maxMinutes)
    return { off: `OMNICASA_PULL_MINUTES must be a whole number of minutes from 0 (no schedule) to ${maxMinutes}, such as ${defaultMinutes}: the server does not pull until it is corrected` };
  const minutes = Number(raw);
  return minutes === 0 ? { off: 'OMNICASA_PULL_MINUTES is 0: the server does not pull (npm run catalogue:pull still does)' } : { ms: minutes * 60_000 };
}

/** CATALOGUE_PULL_HEAP_MB: the child's heap limit in MB (--max-old-space-size). */
export function pullHeapMb(env: NodeJS.ProcessEnv = process.env): number | { off: string } {
  const raw = env.CATALOGUE_PULL_HEAP_MB?.trim();
  if (!raw) return defaultHeapMb;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 128 || Number(raw) > 262_144)
    return { off: `CATALOGUE_PULL_HEAP_MB must be a whole number of MB from 128 to 262144, such as ${defaultHeapMb}: the server does not pull until it is corrected` };
  return Number(raw);
}

/** How the child is started: node on tsx's CLI running a script, with any arguments. */
export type PullChild = { command: string; args: string[] };

/**
 * scripts/catalogue-pull.ts on tsx's CLI, resolved from the project, or undefined when tsx is not
 * installed (a deploy without its dev dependencies): the schedule then runs nothing.
 */
export function pullChild(root = process.cwd(), script = path.join(/* turbopackIgnore: true */ root, 'scripts/catalogue-pull.ts')): PullChild | undefined {
  try {
    return { command: process.execPath, args: [createRequire(path.join(/* turbopackIgnore: true */ root, 'package.json')).resolve('tsx/cli'), script] };
  } catch {
    return undefined;
  }
}

/** What the schedule needs of a run: what to log, and the version to reload. */
type PullOutcome =
  { status: 'published' | 'unchanged'; kind: 'full' | 'incremental'; version: string; counts: PullCounts } | { status: 'failed'; kind?: 'full' | 'incremental'; error: string } | { status: 'locked' };

/** One line for the server's log; undefined when there is nothing to say (nothing changed, another instance pulls). */
function lineOf(result: PullOutcome): { error: boolean; text: string } | undefined {
  if (result.status === 'locked' || result.status === 'unchanged') return undefined;
  if (result.status === 'failed')
    return { error: true, text: `[catalogue] the ${result.kind ? `${result.kind} ` : ''}pull failed; the catalogue stays as it was and the next run starts from the same point: ${result.error}` };
  const { added, changed, withdrawn, refused } = result.counts;
  return { error: false, text: `[catalogue] ${result.kind} pull published version ${result.version}: ${added} added, ${changed} changed, ${withdrawn} withdrawn, ${refused} refused` };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function firstError(json: string): string {
  try {
    const errors: unknown = JSON.parse(json);
    if (Array.isArray(errors) && typeof errors[0] === 'string') return errors[0];
  } catch {
    // An unreadable list says no more than an empty one.
  }
  return 'no error was recorded';
}

type ChildRun = {
  child: PullChild;
  env: NodeJS.ProcessEnv;
  heapMb: number;
  timeoutMs: number;
  graceMs: number;
  /** Told how to stop the child while it runs (undefined once it ended). */
  running: (stop: ((why: string) => void) | undefined) => void;
};

/**
 * One pull in a child process. Its outcome is its run record (the ID is given to it); a child that
 * ended without ending its run (a crash, out of memory, stopped) has that run ended as failed and
 * its lock freed here, so the next run starts from the same point without waiting for the lease.
 */
async function pullInChild(store: Store, run: ChildRun): Promise<PullOutcome> {
  const runId = randomUUID();
  const holder = `${hostname()} pid ${process.pid}, its pull's child (${runId.slice(0, 8)})`;
  // Any heap limit the server was given (npm start: 256 MB) is replaced, for tsx's processes too.
  const nodeOptions = `${(run.env.NODE_OPTIONS ?? '').replace(/--max-old-space-size(=|\s+)\d+/g, '').trim()} --max-old-space-size=${run.heapMb}`.trim();
  const child = spawn(run.child.command, [...run.child.args, '--run-id', runId, '--holder', holder], {
    env: { ...run.env, NODE_OPTIONS: nodeOptions },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-stderrTailBytes)));
  // The whole process group: tsx's CLI runs the script in a process of its own, which a SIGKILL of the CLI alone would leave running.
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  let stoppedBy: string | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const stop = (why: string) => {
    stoppedBy ??= why;
    signal('SIGTERM');
    killTimer ??= setTimeout(() => signal('SIGKILL'), run.graceMs);
  };
  const bound = setTimeout(() => stop(`it was still working after ${Math.round(run.timeoutMs / 60_000)} min`), run.timeoutMs);
  run.running(stop);
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | Error>((resolve) => {
    child.once('error', resolve);
    child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal }));
  });
  run.running(undefined);
  clearTimeout(bound);
  clearTimeout(killTimer);
  const row = await catalogueRun(store, runId);
  if (!stoppedBy && row && row.status !== 'running') {
    if (row.status === 'failed' || row.version === null) return { status: 'failed', kind: row.kind, error: firstError(row.errors) };
    return { status: row.status, kind: row.kind, version: row.version, counts: { added: row.added, changed: row.changed, withdrawn: row.withdrawn, refused: row.refused } };
  }
  if (!stoppedBy && !row && !(ended instanceof Error) && ended.code === 2) return { status: 'locked' };
  const how = ended instanceof Error ? `could not start (${ended.message})` : `ended (${ended.signal ?? `exit ${ended.code}`})`;
  const said = tail.trim().split('\n').pop()?.trim();
  const error = stoppedBy ? `the pull's process was stopped: ${stoppedBy}` : `the pull's process ${how} before its run did${said ? `: ${said}` : ''}`;
  if (row) await abandonCatalogueRun(store, runId, error);
  await releaseLock(store, pullLockName, holder);
  return { status: 'failed', kind: row?.kind, error };
}

const schedule = globalThis as typeof globalThis & { __cataloguePullTimer?: NodeJS.Timeout };

export type ScheduleOptions = {
  env?: NodeJS.ProcessEnv;
  /** The run in this process, for tests; by default a child process runs scripts/catalogue-pull.ts. */
  pull?: (store: Store) => Promise<PullOutcome>;
  /** The child to run instead of scripts/catalogue-pull.ts (tests: a stub, or undefined for none found); it is given --run-id and --holder. */
  child?: PullChild | undefined;
  /** How long a child may work before it is stopped. */
  timeoutMs?: number;
  /** Between the SIGTERM that stops a child and the SIGKILL. */
  graceMs?: number;
  log?: Log;
  /** Told of a version this instance published, so that it serves it at once (lib/server/catalogue-reload.ts). */
  onPublished?: (version: string) => void;
};

/**
 * Starts the schedule (once per process) and returns how to stop it; undefined when there is no
 * schedule: no CRM configured, OMNICASA_PULL_MINUTES 0 or unreadable, a half-configured CRM, or
 * no tsx to run the pull with (each but the first said in one line). The first run is one
 * interval after the start, so that a restart loop does not pull on every start. A server that
 * stops (SIGTERM, SIGINT) stops its child, which ends its run and frees the lock.
 */
export function startCataloguePulls(getStore: () => Promise<Store>, options: ScheduleOptions = {}): (() => void) | undefined {
  const env = options.env ?? process.env;
  const log = options.log ?? console;
  if (schedule.__cataloguePullTimer || !env.OMNICASA_URL?.trim()) return undefined;
  const interval = pullInterval(env);
  if ('off' in interval) {
    log.error(`[catalogue] ${interval.off}`);
    return undefined;
  }
  let stopChild: ((why: string) => void) | undefined;
  let pull = options.pull;
  if (!pull) {
    try {
      // Checked here so that a half-configured CRM is said once, not by every child.
      if (!catalogueConnectorFromEnv(env)) return undefined;
    } catch (error) {
      log.error(`[catalogue] the server does not pull: ${errorText(error)}`);
      return undefined;
    }
    const heapMb = pullHeapMb(env);
    if (typeof heapMb !== 'number') {
      log.error(`[catalogue] ${heapMb.off}`);
      return undefined;
    }
    const child = 'child' in options ? options.child : pullChild();
    if (!child) {
      log.error(
        "[catalogue] the server does not pull: tsx, which runs each pull in a process of its own, is not installed (was npm ci run without the dev dependencies?). Install all of the project's dependencies, or run npm run catalogue:pull from cron where they are.",
      );
      return undefined;
    }
    const run: ChildRun = { child, env, heapMb, timeoutMs: options.timeoutMs ?? defaultTimeoutMs, graceMs: options.graceMs ?? defaultGraceMs, running: (stop) => (stopChild = stop) };
    pull = (store) => pullInChild(store, run);
  }
  const runPull = pull;
  let running = false;
  const tick = async () => {
    // One run at a time in this process; the lock keeps other instances out.
    if (running) return;
    running = true;
    try {
      const result = await runPull(await getStore());
      if (result.status === 'published') options.onPublished?.(result.version);
      const line = lineOf(result);
      if (line?.error) log.error(line.text);
      else if (line) log.log(line.text);
    } catch (error) {
      log.error(`[catalogue] the pull could not run; the catalogue stays as it was: ${errorText(error)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), interval.ms);
  timer.unref();
  schedule.__cataloguePullTimer = timer;
  const onSignal = (signal: NodeJS.Signals) => stopChild?.(`the server got ${signal}`);
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    clearInterval(timer);
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    stopChild?.('the schedule was stopped');
    if (schedule.__cataloguePullTimer === timer) schedule.__cataloguePullTimer = undefined;
  };
}
