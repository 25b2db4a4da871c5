/*
 * npm run leads                      the latest requests, one line each, with their delivery state
 * npm run leads -- --csv [file]      every request as CSV (stdout, or the file), one column per field
 * Options: --since yyyy-mm-dd, --form <form>, --pending (only requests with an undelivered e-mail)
 *
 * Reads the database of DATABASE_URL (default file:var/site.db). Requests are stored even when
 * SMTP_URL is not configured, so this is how staff read them on such a deployment.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDatabaseUrl, listRequests, openStore } from '../lib/db';

const { values } = parseArgs({
  options: {
    csv: { type: 'boolean', default: false },
    since: { type: 'string' },
    form: { type: 'string' },
    pending: { type: 'boolean', default: false },
    limit: { type: 'string', default: '50' },
  },
  allowPositionals: true,
  strict: true,
});
const output = parseArgs({ allowPositionals: true, strict: false }).positionals[0];

async function main(): Promise<void> {
  const store = await openStore(process.env.DATABASE_URL || defaultDatabaseUrl);
  const rows = await listRequests(store, { since: values.since, form: values.form });
  const jobs = await store.db.selectFrom('outbox').select(['request_id', 'status', 'kind']).execute();
  const delivery = new Map<string, { delivered: number; pending: number }>();
  for (const job of jobs) {
    const entry = delivery.get(job.request_id) ?? { delivered: 0, pending: 0 };
    entry[job.status === 'delivered' ? 'delivered' : 'pending'] += 1;
    delivery.set(job.request_id, entry);
  }
  const selected = rows.filter((row) => !values.pending || (delivery.get(row.id)?.pending ?? 0) > 0);

  const csvCell = (value: unknown) => {
    const text = value === undefined || value === null ? '' : Array.isArray(value) ? value.join('; ') : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };

  if (values.csv) {
    const payloads = selected.map((row) => {
      const payload = JSON.parse(row.payload) as Record<string, unknown>;
      delete payload.passwordHash;
      return payload;
    });
    const fields = [...new Set(payloads.flatMap((payload) => Object.keys(payload)))];
    const header = ['id', 'created_at', 'form', 'lang', 'property_id', 'project_id', 'name', 'email', 'source', 'mails_delivered', 'mails_pending', ...fields];
    const lines = selected.map((row, index) => {
      const state = delivery.get(row.id) ?? { delivered: 0, pending: 0 };
      const payload = payloads[index] ?? {};
      return [row.id, row.created_at, row.form, row.lang, row.property_id, row.project_id, row.name, row.email, row.source, state.delivered, state.pending, ...fields.map((field) => payload[field])]
        .map(csvCell)
        .join(',');
    });
    // A byte-order mark, so that spreadsheet software opens the accents correctly.
    const csv = `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
    if (output) {
      writeFileSync(output, csv);
      console.log(`${selected.length} requests written to ${output}`);
    } else {
      process.stdout.write(csv);
    }
  } else {
    const latest = selected.slice(-Number(values.limit));
    if (latest.length === 0) console.log('No requests stored yet.');
    for (const row of latest) {
      const state = delivery.get(row.id) ?? { delivered: 0, pending: 0 };
      const about = row.property_id ? ` listing ${row.property_id}` : row.project_id ? ` project ${row.project_id}` : '';
      console.log(`${row.created_at.slice(0, 16).replace('T', ' ')}  ${row.form.padEnd(20)} ${row.lang}  ${(row.name ?? '').padEnd(24)} ${(row.email ?? '').padEnd(34)}${about}  [${state.delivered} sent, ${state.pending} waiting]`);
    }
    console.log(`${selected.length} of ${rows.length} requests${values.pending ? ' with e-mail waiting' : ''}.`);
  }
  store.client.close();
}

void main();
