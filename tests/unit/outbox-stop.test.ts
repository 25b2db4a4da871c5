import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueJobs, setStore, storeRequest, type Store } from '@/lib/db';
import { deliverDueJobs, outboxLeaseMs, releaseClaimedJobs } from '@/lib/mail/outbox-worker';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * A stopping process (SIGTERM, a deploy) hands back the jobs it claimed and has not sent, so that
 * another instance sends them at once instead of after the lease. The mail server here accepts
 * the connection and never greets: the send hangs as it would on a server that went away.
 */

let silent: Server;
const sockets: Socket[] = [];

beforeAll(async () => {
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  process.env.SMTP_URL = `smtp://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  // Far beyond the test's own steps, which a busy machine can stretch past a second or two: the
  // send ends when the test drops the connection, not on a timer racing those steps.
  process.env.SMTP_TIMEOUT_MS = '60000';
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  delete process.env.SMTP_URL;
  delete process.env.SMTP_TIMEOUT_MS;
});

describe.each(testDatabases)('on $name', (database) => {
  let store: Store;
  beforeAll(async () => {
    store = await database.open();
    setStore(store);
  });

  afterAll(async () => {
    setStore(undefined);
    await closeOpenedStores();
    // A process stops once for good: the next database's run stands for a new process.
    Reflect.deleteProperty(globalThis, '__outboxStopping');
    Reflect.deleteProperty(globalThis, '__outboxStop');
  });

  it('hands back a claimed job on stop: another instance claims it at once, not after the lease', async () => {
    const stored = await storeRequest(store, { form: 'sign-newsletter', lang: 'fr', email: 'lecteur@example.be', payload: { email: 'lecteur@example.be', privacy: true }, jobs: ['agency-mail'] });
    if (stored.status !== 'stored') throw new Error(stored.status);
    const sending = deliverDueJobs({ requestId: stored.id });
    // The job is claimed (its send waits for a greeting that never comes).
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await store.db.selectFrom('outbox').select('locked_until').executeTakeFirst())?.locked_until == null) await new Promise((resolve) => setTimeout(resolve, 10));
    const claimed = await store.db.selectFrom('outbox').select('locked_until').executeTakeFirstOrThrow();
    expect(Date.parse(claimed.locked_until ?? '')).toBeGreaterThan(Date.now() + outboxLeaseMs() - 5000);
    // Another instance finds nothing due while the lease holds.
    expect(await claimDueJobs(store, { limit: 10, leaseMs: 1000 })).toEqual([]);

    expect(await releaseClaimedJobs(100)).toBe(1);
    const other = await claimDueJobs(store, { limit: 10, leaseMs: 1000 });
    expect(other.map((job) => job.kind)).toEqual(['agency-mail']);
    // The hung send fails later (here: the mail server drops it) and leaves the job to its new
    // holder; stopping, this process claims nothing more.
    for (const socket of sockets.splice(0)) socket.destroy();
    await sending;
    const job = await store.db.selectFrom('outbox').select(['attempts', 'locked_until']).executeTakeFirstOrThrow();
    expect(job).toEqual({ attempts: 0, locked_until: other[0]?.locked_until });
    expect(await deliverDueJobs()).toBe(0);
  });
});
