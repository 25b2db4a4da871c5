/**
 * On server start (Node runtime only): bring the database schema up to date, then start the
 * outbox worker that delivers the e-mails of stored requests.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { getStore } = await import('./lib/db');
  const { startOutboxWorker } = await import('./lib/mail/outbox-worker');
  await getStore();
  startOutboxWorker();
}
