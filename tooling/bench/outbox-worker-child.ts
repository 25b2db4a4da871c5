/*
 * One outbox worker as the server runs it (lib/server/start.ts: startOutboxWorker), in a process
 * of its own, for the faults of bench:outbox (outbox-faults.ts): DATABASE_URL, OMNICASA_* and
 * OUTBOX_* come from the environment. `--burst`: first every stored request's immediate delivery
 * at once, as the server starts one after each post (OUTBOX_CONCURRENCY of them send at a time).
 * Runs until it is killed; SIGTERM hands its claimed jobs back, then exits.
 */
import { getStore } from '../../lib/db';
import { deliverRequest, releaseClaimedJobs, startOutboxWorker } from '../../lib/mail/outbox-worker';

async function main(): Promise<void> {
  const store = await getStore();
  process.on('SIGTERM', () => {
    void releaseClaimedJobs().finally(() => process.exit(0));
  });
  // The worker's timer does not keep a process alive (the server's HTTP listener does).
  setInterval(() => undefined, 60_000);
  startOutboxWorker();
  if (process.argv.includes('--burst')) {
    const requests = await store.db.selectFrom('requests').select('id').execute();
    await Promise.all(requests.map((request) => deliverRequest(request.id)));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
