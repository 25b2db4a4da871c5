import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

/*
 * The processes a bench starts (servers, builds, Chromium): each in its own process group, its
 * output in a log file, and every one stopped when the bench ends, whatever ends it.
 */

const running = new Set<ChildProcess>();

export function start(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; log: string }): ChildProcess {
  const log = openSync(options.log, 'w');
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function stop(child: ChildProcess): Promise<void> {
  if (ended(child)) return;
  const exited = new Promise((done) => child.once('exit', done));
  signalGroup(child, 'SIGTERM');
  const killer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

export function stopEverything(): void {
  for (const child of running) if (!ended(child)) signalGroup(child, 'SIGTERM');
}
process.on('exit', stopEverything);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopEverything();
    process.exit(130);
  });
}

export function exitCode(child: ChildProcess): Promise<number> {
  return new Promise((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', (code) => done(code ?? 1));
  });
}

/**
 * Refuses to start a server where something already answers: waitFor would take that other server
 * (one an earlier run left behind) for the new one, which could not listen, and the bench would
 * measure it. A phone bench did so once: a server started before a rebuild, serving the new pages
 * without their new scripts.
 */
export async function assertNothingAnswers(url: string, what: string): Promise<void> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
  } catch {
    return;
  }
  throw new Error(`Something already answers on ${new URL(url).host}, where ${what} is to start: stop it first (a server left running by an earlier run?)`);
}

const answersAtAll = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(30_000) }).then(
    () => true,
    () => false,
  );

/**
 * Waits until `url` answers at all, failing early when the process that should serve it stops.
 * `answers` asks it otherwise, e.g. over TLS with the bench's own certificate, which fetch refuses.
 */
export async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs: number, answers: (url: string) => Promise<boolean> = answersAtAll): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} stopped (exit ${child.exitCode})`);
    if (await answers(url)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
}
