/*
 * npm run bench:outbox -- [--requests 300] [--fault-requests 200]
 *
 * The outbox's throughput to the CRM beside its mail throughput (issue 38): the same number of
 * stored contact requests delivered once as the agency's e-mail to an SMTP server on loopback, once
 * as Omnicasa calls to the loopback double (tests/crm-double), each phase alone, by the outbox
 * worker as the server runs it (OUTBOX_CONCURRENCY sends at a time). Prints jobs per second and the
 * ratio CRM / mail, measured in the same run. Then the faults (outbox-faults.ts): kill -9 of a worker
 * during sends, a CRM that hangs, a CRM down for an hour and lost answers, each with
 * --fault-requests requests (0: none), as a table of what the CRM received per request. Touches
 * nothing but a temporary folder; stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { getProperties } from '../../lib/catalogue';
import { closeStore, openStore, setStore, type OutboxKind, type Store } from '../../lib/db';
import { deliverDueJobs } from '../../lib/mail/outbox-worker';
import { OmnicasaDouble } from '../../tests/crm-double/omnicasa-double';
import { queueContactRequests, runFaultBench } from './outbox-faults';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '300' }, 'fault-requests': { type: 'string', default: '200' } } });
const count = Math.max(1, Math.min(5_000, Number(values.requests) || 300));
const faultCount = Math.max(0, Math.min(5_000, Number(values['fault-requests']) || 0));

const queue = (store: Store, kind: OutboxKind, propertyId: number) => queueContactRequests(store, kind, propertyId, count);

/** Delivers every due job; the rounds repeat until the outbox is empty (a round claims one at a time). */
async function drain(): Promise<{ seconds: number; delivered: number }> {
  const started = performance.now();
  let delivered = 0;
  for (let round = 0; round < 10 && delivered < count; round += 1) delivered += await deliverDueJobs();
  return { seconds: (performance.now() - started) / 1000, delivered };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-outbox-'));
  // The site's snapshot is read before OMNICASA_URL would make the CRM the catalogue's source.
  const propertyId = getProperties('nl', { goal: 'sale' })[0]?.id ?? 0;
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const address = sink.server.address();
  const crm = await OmnicasaDouble.start();
  const store = await openStore(`file:${path.join(folder, 'bench.db')}`);
  setStore(store);
  try {
    process.env.SITE_SECRET ??= 'bench-outbox-secret-0123456789abcdef';
    process.env.MAIL_TO = 'agency@example.be';
    process.env.SMTP_URL = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    process.env.OMNICASA_URL = crm.baseUrl;
    process.env.OMNICASA_CUSTOMER_NAME = crm.customerName;
    process.env.OMNICASA_CUSTOMER_PASSWORD = crm.customerPassword;

    await queue(store, 'agency-mail', propertyId);
    const mail = await drain();
    await queue(store, 'crm-lead', propertyId);
    const leads = await drain();
    const calls = crm.writes('ContactOnMe').filter((call) => call.success).length;

    const rate = (phase: { seconds: number; delivered: number }) => phase.delivered / phase.seconds;
    console.log(
      `Outbox throughput, ${count} contact requests per phase, one process, OUTBOX_CONCURRENCY ${process.env.OUTBOX_CONCURRENCY ?? 2} (a shared machine: compare the ratio, not the absolute figures)`,
    );
    console.log(`  agency e-mail to SMTP on loopback   ${mail.delivered} delivered (${received} received) in ${mail.seconds.toFixed(1)} s: ${rate(mail).toFixed(1)} jobs/s`);
    console.log(`  Omnicasa calls to the double          ${leads.delivered} delivered (${calls} ContactOnMe stored) in ${leads.seconds.toFixed(1)} s: ${rate(leads).toFixed(1)} jobs/s`);
    console.log(`  CRM / mail: ${(rate(leads) / rate(mail)).toFixed(2)}×`);
    if (mail.delivered !== count || leads.delivered !== count || calls !== count) process.exitCode = 1;
    if (faultCount > 0 && !(await runFaultBench(folder, propertyId, faultCount))) process.exitCode = 1;
  } finally {
    setStore(undefined);
    await closeStore(store);
    await crm.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
