import type { Store } from '../../db';
import { routeVariantStore } from '../../media/resize';
import { pullCatalogue, type PullResult } from './pull';
import { catalogueConnectorFromEnv } from './source';

/*
 * The pull inside the server (lib/server/start.ts): with the CRM configured, every
 * OMNICASA_PULL_MINUTES. Every instance runs the schedule; the pull's database lock lets one of
 * them work at a time, and the pull itself decides when an incremental run also compares every ID
 * with the CRM (once a day). The server keeps serving the catalogue it started with: a published
 * version reaches visitors at the next build or start (docs/crm-live-catalogue.md: live reload).
 */

const defaultMinutes = 5;
/** A day: a longer interval would skip the daily comparison. */
const maxMinutes = 24 * 60;

type Log = Pick<Console, 'log' | 'error'>;

export type PullInterval = { ms: number } | { off: string };

/** OMNICASA_PULL_MINUTES: a whole number of minutes, 0 switching the schedule off. */
export function pullInterval(env: NodeJS.ProcessEnv = process.env): PullInterval {
  const raw = env.OMNICASA_PULL_MINUTES?.trim();
  if (!raw) return { ms: defaultMinutes * 60_000 };
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > maxMinutes) return { off: `OMNICASA_PULL_MINUTES must be a whole number of minutes from 0 (no schedule) to ${maxMinutes}, such as ${defaultMinutes}: the server does not pull until it is corrected` };
  const minutes = Number(raw);
  return minutes === 0 ? { off: 'OMNICASA_PULL_MINUTES is 0: the server does not pull (npm run catalogue:pull still does)' } : { ms: minutes * 60_000 };
}

/** One line for the server's log; undefined when there is nothing to say (nothing changed, another instance pulls). */
function lineOf(result: PullResult): { error: boolean; text: string } | undefined {
  if (result.status === 'locked' || result.status === 'unchanged') return undefined;
  if (result.status === 'failed') return { error: true, text: `[catalogue] the ${result.kind} pull failed; the catalogue stays as it was and the next run starts from the same point: ${result.error}` };
  const { added, changed, withdrawn, refused } = result.counts;
  return { error: false, text: `[catalogue] ${result.kind} pull published version ${result.version}: ${added} added, ${changed} changed, ${withdrawn} withdrawn, ${refused} refused` };
}

const schedule = globalThis as typeof globalThis & { __cataloguePullTimer?: NodeJS.Timeout };

export type ScheduleOptions = {
  env?: NodeJS.ProcessEnv;
  /** The run; by default pullCatalogue with the connector of the environment. */
  pull?: (store: Store) => Promise<PullResult>;
  log?: Log;
  /** Told of a version this instance published, so that it serves it at once (lib/server/catalogue-reload.ts). */
  onPublished?: (version: string) => void;
};

/**
 * Starts the schedule (once per process) and returns how to stop it; undefined when there is no
 * schedule: no CRM configured, OMNICASA_PULL_MINUTES 0 or unreadable, or a half-configured CRM
 * (each but the first said in one line). The first run is one interval after the start, so that
 * a restart loop does not pull on every start.
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
  let pull = options.pull;
  if (!pull) {
    let connector: ReturnType<typeof catalogueConnectorFromEnv>;
    try {
      connector = catalogueConnectorFromEnv(env);
    } catch (error) {
      log.error(`[catalogue] the server does not pull: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    if (!connector) return undefined;
    const configured = connector;
    pull = (store) => pullCatalogue({ store, connector: configured, variantStore: routeVariantStore() });
  }
  const run = pull;
  let running = false;
  const tick = async () => {
    // One run at a time in this process; the lock keeps other instances out.
    if (running) return;
    running = true;
    try {
      const result = await run(await getStore());
      if (result.status === 'published') options.onPublished?.(result.version);
      const line = lineOf(result);
      if (line?.error) log.error(line.text);
      else if (line) log.log(line.text);
    } catch (error) {
      log.error(`[catalogue] the pull could not run; the catalogue stays as it was: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), interval.ms);
  timer.unref();
  schedule.__cataloguePullTimer = timer;
  return () => {
    clearInterval(timer);
    if (schedule.__cataloguePullTimer === timer) schedule.__cataloguePullTimer = undefined;
  };
}
