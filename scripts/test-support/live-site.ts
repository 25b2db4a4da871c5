import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What the scripts that drive a built site on loopback share (test:crm-live, bench:sync): builds
 * into their own NEXT_DIST_DIR, `next start` instances in their own process groups (stopped when
 * the script ends, whatever happens), page requests as a browser makes them, and polling until the
 * site shows what it should.
 */

const root = path.resolve(__dirname, '../..');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page as a browser's navigation asks for it; status 0 when nothing answered. */
export async function getPage(port: number, url: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' }, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

/** Polls `problems` until it finds none: the milliseconds since `since`; throws naming what is left after `budgetMs`. */
export async function pollUntil(what: string, problems: () => Promise<string[]>, options: { since?: number; budgetMs: number; everyMs?: number }): Promise<number> {
  const since = options.since ?? Date.now();
  for (;;) {
    const left = await problems();
    if (left.length === 0) return Date.now() - since;
    if (Date.now() - since > options.budgetMs) throw new Error(`${what} not within ${options.budgetMs / 1000} s:\n  ${left.join('\n  ')}`);
    await pause(options.everyMs ?? 500);
  }
}

/** A listing's page URL in a language, from a sitemap (which lists every listing). */
export function listingPageOf(sitemap: string, language: string, id: number): string | undefined {
  return new RegExp(`<loc>https?://[^/<]+(/${language}/[^<]*/${id}/)</loc>`).exec(sitemap)?.[1];
}

const instances = new Set<ChildProcess>();

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Every instance this module started, now. */
export function stopAll(): void {
  for (const child of instances) stopGroup(child, 'SIGTERM');
}
process.on('exit', stopAll);

/** Stops one instance and waits for it to end (SIGKILL after 10 s). */
export async function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stopGroup(child, 'SIGTERM');
  const killer = setTimeout(() => stopGroup(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/** `npm start`'s script (its heap cap included) on a port, in a group of its own, its output appended to `logFile`. */
export function startInstance(port: number, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '-p', String(port)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...env, NODE_ENV: 'production' },
  });
  closeSync(log);
  instances.add(child);
  child.on('exit', () => instances.delete(child));
  return child;
}

/** Resolves once the instance answers `url` with 200; throws after `timeoutMs` or when it stops. */
export async function waitReady(port: number, child: ChildProcess, timeoutMs: number, url = '/nl/'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await getPage(port, url)).status !== 200) {
    if (child.exitCode !== null) throw new Error(`the instance on ${port} stopped (exit ${child.exitCode})`);
    if (Date.now() > until) throw new Error(`the instance on ${port} did not answer ${url} within ${timeoutMs / 1000} s`);
    await pause(500);
  }
}

/**
 * `next build` into env.NEXT_DIST_DIR without the type check (the same at every catalogue size;
 * the test command runs it) and without Turbopack's build cache (a first build, as a deploy of a
 * fresh clone): its time. Output to `logFile`, or to this process's when none.
 */
export async function buildSite(env: NodeJS.ProcessEnv, logFile?: string): Promise<{ ms: number }> {
  // `next build` adds its type folder to tsconfig.json; the file is left as it was found.
  const tsconfig = readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
  const log = logFile ? openSync(logFile, 'w') : undefined;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root,
    env: { ...env, SKIP_BUILD_TYPE_CHECK: '1', NEXT_BUILD_CACHE: 'off', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', log ?? 'inherit', log ?? 'inherit'],
  });
  if (log !== undefined) closeSync(log);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exit) => resolve(exit)));
  const ms = performance.now() - started;
  if (readFileSync(path.join(root, 'tsconfig.json'), 'utf8') !== tsconfig) writeFileSync(path.join(root, 'tsconfig.json'), tsconfig);
  if (code !== 0) throw new Error(`next build into ${env.NEXT_DIST_DIR ?? '.next'} failed (exit ${code})${logFile ? `: see ${path.relative(root, logFile)}` : ''}`);
  return { ms };
}

/** The bytes of every file under a folder. */
export function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(file);
    else if (entry.isFile()) total += statSync(file).size;
  }
  return total;
}

/** The routes a build prerendered (its prerender-manifest.json). */
export function prerenderedRoutes(distDir: string): number {
  const manifest: unknown = JSON.parse(readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'));
  const routes = manifest !== null && typeof manifest === 'object' && 'routes' in manifest && manifest.routes !== null && typeof manifest.routes === 'object' ? manifest.routes : {};
  return Object.keys(routes).length;
}
