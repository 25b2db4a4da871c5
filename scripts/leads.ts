/*
 * npm run leads                      the latest requests, one line each, with their delivery state
 * npm run leads -- --csv [file]      every request as CSV (stdout, or the file), one labelled column per field
 * npm run leads -- --alerts         the search alerts and followed listings, with their state
 * Options: --since yyyy-mm-dd, --form <form>, --pending (only requests with a delivery waiting or refused)
 *
 * Reads the database of DATABASE_URL (default file:var/site.db). Requests are stored even when
 * SMTP_URL is not configured, so this is how staff read them on such a deployment. What is shown
 * is made in lib/leads (labels in the agency's language, visitors' text made safe).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getAgencyLanguage } from '../lib/config';
import { closeStore, defaultDatabaseUrl, getRequest, listRequests, openStore, type StoredRequest } from '../lib/db';
import { deliveryByRequest, leadLines, leadsCsv } from '../lib/leads/report';
import { alertLines } from '../lib/leads/alerts-report';
import { listSubscriptions } from '../lib/db/alerts';

const { values } = parseArgs({
  options: {
    csv: { type: 'boolean', default: false },
    since: { type: 'string' },
    form: { type: 'string' },
    pending: { type: 'boolean', default: false },
    alerts: { type: 'boolean', default: false },
    limit: { type: 'string', default: '50' },
  },
  allowPositionals: true,
  strict: true,
});
const output = parseArgs({ allowPositionals: true, strict: false }).positionals[0];

async function main(): Promise<void> {
  const store = await openStore(process.env.DATABASE_URL || defaultDatabaseUrl);
  if (values.alerts) {
    const subscriptions = await listSubscriptions(store);
    if (subscriptions.length === 0) console.log('No search alerts or followed listings yet.');
    for (const line of alertLines(subscriptions, getAgencyLanguage())) console.log(line);
    await closeStore(store);
    return;
  }
  const rows = await listRequests(store, { since: values.since, form: values.form });
  const jobs = await store.db.selectFrom('outbox').select(['request_id', 'status', 'kind', 'last_error']).execute();
  const delivery = deliveryByRequest(jobs);
  // --pending: what did not reach every channel yet, and what a channel refused (staff act on those).
  const selected = rows.filter((row) => !values.pending || (delivery.get(row.id)?.pending ?? 0) > 0 || (delivery.get(row.id)?.refused.length ?? 0) > 0);

  if (values.csv) {
    const requests: StoredRequest[] = [];
    for (const row of selected) {
      const request = await getRequest(store, row.id);
      if (request) requests.push(request);
    }
    const csv = leadsCsv(requests, delivery, getAgencyLanguage());
    if (output) {
      writeFileSync(output, csv);
      console.log(`${requests.length} requests written to ${output}`);
    } else {
      process.stdout.write(csv);
    }
  } else {
    const latest = selected.slice(-Number(values.limit));
    if (latest.length === 0) console.log('No requests stored yet.');
    for (const line of leadLines(latest, delivery)) console.log(line);
    console.log(`${selected.length} of ${rows.length} requests${values.pending ? ' with e-mail waiting' : ''}.`);
  }
  await closeStore(store);
}

void main();
