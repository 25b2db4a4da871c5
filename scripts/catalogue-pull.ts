/*
 * npm run catalogue:pull [-- --full]
 * Pulls the catalogue from the CRM configured by OMNICASA_* (README, "The catalogue from Omnicasa")
 * into var/catalogue/<version>/, checked as check:data checks data/catalogue. Exit 0: published or
 * nothing changed; 1: the run failed (the current catalogue stays); 2: another pull holds the lock.
 * The server's schedule runs it as a child process (lib/catalogue/crm/schedule.ts) with --run-id
 * and --holder, and reads the outcome from that run's record. SIGTERM or SIGINT (a server that
 * stops, Ctrl+C) ends the run as failed and frees the lock at once instead of at its lease's end.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { catalogueConnectorFromEnv } from '../lib/catalogue/crm/source';
import { pullCatalogue, pullLockName } from '../lib/catalogue/crm/pull';
import { formatDataIssue } from '../lib/data-file';
import { abandonCatalogueRun, closeStore, defaultDatabaseUrl, openStore, releaseLock, type Store } from '../lib/db';
import { routeVariantStore } from '../lib/media/resize';

// A function, not top-level await: tsx runs the scripts as CommonJS.
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { full: { type: 'boolean', default: false }, 'run-id': { type: 'string' }, holder: { type: 'string' } } });
  const connector = catalogueConnectorFromEnv();
  if (!connector) {
    console.error('No CRM is configured (OMNICASA_URL is not set): the site serves the embedded snapshot, data/catalogue. Nothing to pull.');
    process.exitCode = 1;
    return;
  }
  const store = await openStore(process.env.DATABASE_URL || defaultDatabaseUrl);
  const runId = values['run-id'] ?? randomUUID();
  const holder = values.holder ?? `${hostname()} pid ${process.pid} (${runId.slice(0, 8)})`;
  stopCleanly(store, runId, holder);
  try {
    const result = await pullCatalogue({ store, connector, full: values.full, variantStore: routeVariantStore(), runId, holder });
    if (result.status === 'locked') {
      console.error(`Another pull is running: ${result.holder}, since ${result.since}. Nothing was done.`);
      process.exitCode = 2;
    } else if (result.status === 'failed') {
      console.error(`The ${result.kind} pull failed, the site keeps its current catalogue and the next run starts from the same point: ${result.error}`);
      process.exitCode = 1;
    } else {
      const { added, changed, withdrawn, refused } = result.counts;
      console.log(
        `${result.kind === 'full' ? 'Full' : 'Incremental'} pull ${result.status === 'published' ? `published version ${result.version}` : `found nothing to change (version ${result.version} stays)`}: ${added} added, ${changed} changed, ${withdrawn} withdrawn, ${refused} refused.`,
      );
      for (const issue of result.refusals) console.log(`  - ${issue.severity === 'warning' ? '(warning) ' : ''}${formatDataIssue(issue)}`);
    }
  } finally {
    await closeStore(store);
  }
}

function stopCleanly(store: Store, runId: string, holder: string): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      // tsx's CLI relays the signal its process group also got: one stop is enough.
      if (stopping) return;
      stopping = true;
      void abandonCatalogueRun(store, runId, `the pull was stopped (${signal}) before it ended; nothing was published`)
        .then(() => releaseLock(store, pullLockName, holder))
        .catch((error: unknown) => console.error(`The stopped pull could not free its lock, which ends with its lease: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => process.exit(signal === 'SIGTERM' ? 143 : 130));
    });
  }
}

void main();
