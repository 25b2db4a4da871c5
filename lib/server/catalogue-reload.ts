import { existsSync } from 'node:fs';
import path from 'node:path';
import { changesBetween, currentVersion, isVersionName } from '../catalogue/crm/catalogue-folder';
import { serveCatalogue } from '../catalogue/load';
import { pulledCataloguesDir } from '../catalogue/source-dir';
import type { ReadVersion } from './catalogue-version';
import { catalogueRouteUrls, stalePaths, type StalePath } from '../pages/changed-paths';
import { processToken, processTokenHeader } from '../security/process-token';
import { ownUrl } from '../security/shared-answers';

/*
 * A published catalogue version reaches visitors without a rebuild (docs/crm-live-catalogue.md
 * §1-§4, §7). Every instance polls the pointer var/catalogue/current and the newest published run
 * in the database (a shared disk may show a new file late); a newer name is read and checked as
 * `next start` checks its catalogue, swapped in, the pages it touches revalidated and rendered once
 * (so no visitor waits for a render, nor meets a stale page once it is done), then the alerts run
 * over it. One reload at a time per process; a version that moved on meanwhile is skipped for the
 * newest. A version that fails the checks leaves the served one in place, said in one line.
 */

type Log = Pick<Console, 'log' | 'error'>;

export type FollowerOptions = {
  /** var/catalogue. */
  varDir?: string;
  /** The version the newest published run names (lib/db newestPublishedVersion). */
  newestPublished?: () => Promise<string | undefined>;
  /** Reads, checks and stores a version's folder (catalogue-version.ts: off the serving thread in the server). */
  read: (dir: string) => ReadVersion | Promise<ReadVersion>;
  /** Makes the paths stale in this process's Next.js caches; by default a POST to its own route. */
  revalidate?: (paths: StalePath[]) => Promise<void>;
  /** Renders the stale URLs once; by default this process's own requests for them. */
  render?: (urls: string[]) => Promise<void>;
  /** The alerts run over the new catalogue. */
  alerts?: () => Promise<void>;
  log?: Log;
  now?: () => number;
};

export type CatalogueFollower = {
  /** Reloads if a newer version is published; resolves once this process serves the newest it found. */
  check: () => Promise<void>;
  /** The version this process serves (undefined: one it did not start from a pulled folder). */
  served: () => string | undefined;
  /**
   * Whether this process serves the newest version published, once a reload under way is done (the
   * alerts skip their run while it does not). It starts no reload itself: on start the server does
   * not listen yet for the reload's own requests, and the poll reloads within CATALOGUE_RELOAD_MS.
   */
  upToDate: () => Promise<boolean>;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const newer = (candidate: string | undefined, than: string | undefined) => candidate !== undefined && (than === undefined || candidate > than);

const selfRequestMs = 30_000;
/** Renders at once: the machine keeps serving visitors while the reload renders. */
const renderConcurrency = 2;

async function revalidateHere(paths: StalePath[]): Promise<void> {
  const url = ownUrl('/api/catalogue-reload');
  if (!url) throw new Error('the server has not recorded its own address (__NEXT_PRIVATE_ORIGIN)');
  const response = await fetch(url, {
    method: 'POST',
    headers: { [processTokenHeader]: processToken(), 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ paths }),
    signal: AbortSignal.timeout(selfRequestMs),
  });
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`the revalidation route answered HTTP ${response.status}`);
}

async function renderHere(urls: string[]): Promise<void> {
  if (!ownUrl('/')) return;
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        // The token makes the proxy pass the request to Next.js instead of sending the file it has.
        const target = ownUrl(url);
        if (!target) continue;
        const response = await fetch(target, {
          headers: { [processTokenHeader]: processToken(), accept: 'text/html', connection: 'close' },
          redirect: 'manual',
          signal: AbortSignal.timeout(selfRequestMs),
        });
        await response.arrayBuffer();
      } catch {
        // Rendered on its next request instead.
      }
    }
  };
  await Promise.all(Array.from({ length: renderConcurrency }, worker));
}

function versionOfDir(dir: string | undefined, varDir: string): string | undefined {
  if (!dir || path.resolve(/* turbopackIgnore: true */ path.dirname(dir)) !== path.resolve(/* turbopackIgnore: true */ varDir)) return undefined;
  const name = path.basename(dir);
  return isVersionName(name) ? name : undefined;
}

export function createCatalogueFollower(options: FollowerOptions): CatalogueFollower {
  const varDir = options.varDir ?? pulledCataloguesDir();
  const log = options.log ?? console;
  const now = options.now ?? Date.now;
  const revalidate = options.revalidate ?? revalidateHere;
  const render = options.render ?? renderHere;
  const pinned = versionOfDir(process.env.CATALOGUE_PINNED_DIR, varDir);
  // The pages on disk (the build's files, the route cache of earlier reloads) are the build's
  // version or newer: a server started on a version published while no instance ran brings them
  // up to it at its first check (a reload of the same snapshot, the changes since the build).
  const built = process.env.BUILT_CATALOGUE_VERSION;
  let served = built !== undefined && isVersionName(built) && newer(pinned, built) && existsSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ varDir, built)) ? built : pinned;
  let refused: string | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const newest = async (): Promise<string | undefined> => {
    const pointer = currentVersion(varDir);
    let recorded: string | undefined;
    try {
      recorded = await options.newestPublished?.();
    } catch {
      // The database is away: the pointer alone says.
    }
    const onDisk = recorded !== undefined && isVersionName(recorded) && existsSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ varDir, recorded)) ? recorded : undefined;
    return newer(onDisk, pointer) ? onDisk : pointer;
  };

  const reload = async (target: string): Promise<void> => {
    const started = now();
    let version = target;
    let result = await options.read(path.join(/* turbopackIgnore: true */ varDir, version));
    // Published again while this one was read: the newest is what to serve.
    for (let latest = await newest(); newer(latest, version) && latest !== undefined; latest = await newest()) {
      version = latest;
      result = await options.read(path.join(/* turbopackIgnore: true */ varDir, version));
    }
    if (!result.ok) {
      refused = version;
      const shown = result.issues.slice(0, 3).map((issue) => `${issue.file}${issue.record ? ` ${issue.record.label}` : ''}${issue.field ? ` field ${issue.field}` : ''}: ${issue.message}`);
      log.error(
        `[catalogue] version ${version} is not served, the site stays on ${served ?? 'the catalogue it started with'}: ${shown.join('; ')}${result.issues.length > 3 ? ` (and ${result.issues.length - 3} more)` : ''}`,
      );
      return;
    }
    const changes = changesBetween(varDir, served, version);
    // The old URLs come from the old snapshot: a slug names the town and type, which may change.
    const before = stalePaths(changes);
    serveCatalogue(result.catalogue, path.join(/* turbopackIgnore: true */ varDir, version));
    served = version;
    const byPath = new Map([...before, ...stalePaths(changes)].map((entry) => ['path' in entry ? `path ${entry.path}` : `tag ${entry.tag}`, entry]));
    const paths = [...byPath.values()];
    const swapped = now();
    try {
      await revalidate(paths);
      await render([...paths.flatMap((entry) => ('path' in entry ? [entry.path] : [])), ...catalogueRouteUrls()]);
    } catch (error) {
      log.error(`[catalogue] version ${version} is served, but its pages could not be revalidated; they show the old catalogue until the next reload: ${errorText(error)}`);
    }
    try {
      await options.alerts?.();
    } catch (error) {
      log.error(`[catalogue] the alerts over version ${version} failed; their hourly run tries again: ${errorText(error)}`);
    }
    log.log(`[catalogue] serving version ${version}: read and checked on ${result.thread} in ${swapped - started} ms, ${paths.length} paths revalidated and rendered in ${now() - swapped} ms`);
  };

  const check = () => {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => log.error(`[catalogue] the reload failed; the site stays on ${served ?? 'the catalogue it started with'}: ${errorText(error)}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const loop = async () => {
    do {
      again = false;
      const target = await newest();
      if (target !== undefined && target !== refused && newer(target, served)) await reload(target);
    } while (again);
  };

  return {
    check,
    served: () => served,
    upToDate: async () => {
      await running;
      return !newer(await newest(), served);
    },
  };
}

const defaultReloadMs = 5000;
const reloadMsRange = { min: 500, max: 10 * 60_000 };

/** CATALOGUE_RELOAD_MS: how often an instance looks for a new version, in milliseconds. */
export function reloadInterval(env: NodeJS.ProcessEnv = process.env): { ms: number; problem?: string } {
  const raw = env.CATALOGUE_RELOAD_MS?.trim();
  if (!raw) return { ms: defaultReloadMs };
  const ms = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (ms >= reloadMsRange.min && ms <= reloadMsRange.max) return { ms };
  return { ms: defaultReloadMs, problem: `CATALOGUE_RELOAD_MS must be a whole number of milliseconds from ${reloadMsRange.min} to ${reloadMsRange.max}; the server looks every ${defaultReloadMs} ms` };
}

const timers = globalThis as typeof globalThis & { __catalogueReloadTimer?: NodeJS.Timeout };

/**
 * Polls every CATALOGUE_RELOAD_MS (once per process, with the CRM configured: the embedded
 * snapshot never changes under a running server). Returns the follower, whose check the pull
 * schedule calls at once when this instance published a version.
 */
export function startCatalogueFollower(options: FollowerOptions & { env?: NodeJS.ProcessEnv }): CatalogueFollower | undefined {
  const env = options.env ?? process.env;
  if (timers.__catalogueReloadTimer || !env.OMNICASA_URL?.trim() || env.CATALOGUE_DIR) return undefined;
  const interval = reloadInterval(env);
  if (interval.problem) (options.log ?? console).error(`[catalogue] ${interval.problem}`);
  const follower = createCatalogueFollower(options);
  const timer = setInterval(() => void follower.check(), interval.ms);
  timer.unref();
  timers.__catalogueReloadTimer = timer;
  return follower;
}
