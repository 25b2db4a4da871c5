/** Starts the outbox worker once per server process (Node runtime only). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startOutboxWorker } = await import('./lib/mail/outbox-worker');
  startOutboxWorker();
}
