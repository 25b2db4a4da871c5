/*
 * npm run alerts -- --dry-run     what the deployed catalogue would tell the subscribers (nothing written)
 * npm run alerts                  the same, and the events and due mails are queued in the outbox
 *
 * Reads the database of DATABASE_URL (default file:var/site.db) and the catalogue the site
 * serves. The server makes the same run on start and hourly; the outbox (the server's worker)
 * sends the mails.
 */
import { parseArgs } from 'node:util';
import { planLines } from '../lib/alerts/plan-text';
import { runAlerts } from '../lib/alerts/run';
import { closeStore, defaultDatabaseUrl, openStore } from '../lib/db';

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } }, strict: true });

async function main(): Promise<void> {
  const store = await openStore(process.env.DATABASE_URL || defaultDatabaseUrl);
  const dryRun = values['dry-run'];
  const plan = await runAlerts(store, { dryRun });
  for (const line of planLines(plan, dryRun)) console.log(line);
  await closeStore(store);
}

void main();
