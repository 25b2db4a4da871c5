/*
 * npm run catalogue:pull [-- --full]
 * Pulls the catalogue from the CRM configured by OMNICASA_* (README, "The catalogue from Omnicasa")
 * into var/catalogue/<version>/, checked as check:data checks data/catalogue. Exit 0: published or
 * nothing changed; 1: the run failed (the current catalogue stays); 2: another pull holds the lock.
 */
import { parseArgs } from 'node:util';
import { catalogueConnectorFromEnv } from '../lib/catalogue/crm/source';
import { pullCatalogue } from '../lib/catalogue/crm/pull';
import { formatDataIssue } from '../lib/data-file';
import { closeStore, defaultDatabaseUrl, openStore } from '../lib/db';
import { routeVariantStore } from '../lib/media/resize';

// A function, not top-level await: tsx runs the scripts as CommonJS.
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { full: { type: 'boolean', default: false } } });
  const connector = catalogueConnectorFromEnv();
  if (!connector) {
    console.error('No CRM is configured (OMNICASA_URL is not set): the site serves the embedded snapshot, data/catalogue. Nothing to pull.');
    process.exitCode = 1;
    return;
  }
  const store = await openStore(process.env.DATABASE_URL || defaultDatabaseUrl);
  try {
    const result = await pullCatalogue({ store, connector, full: values.full, variantStore: routeVariantStore() });
    if (result.status === 'locked') {
      console.error(`Another pull is running: ${result.holder}, since ${result.since}. Nothing was done.`);
      process.exitCode = 2;
    } else if (result.status === 'failed') {
      console.error(`The ${result.kind} pull failed, the site keeps its current catalogue and the next run starts from the same point: ${result.error}`);
      process.exitCode = 1;
    } else {
      const { added, changed, withdrawn, refused } = result.counts;
      console.log(`${result.kind === 'full' ? 'Full' : 'Incremental'} pull ${result.status === 'published' ? `published version ${result.version}` : `found nothing to change (version ${result.version} stays)`}: ${added} added, ${changed} changed, ${withdrawn} withdrawn, ${refused} refused.`);
      for (const issue of result.refusals) console.log(`  - ${issue.severity === 'warning' ? '(warning) ' : ''}${formatDataIssue(issue)}`);
    }
  } finally {
    await closeStore(store);
  }
}

void main();
