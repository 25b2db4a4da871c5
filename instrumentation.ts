/**
 * On server start (Node runtime only): record each request's socket address for the limits
 * (lib/security/client-address), bring the database schema up to date, then start the outbox
 * worker that delivers the e-mails of stored requests, the alerts run over the deployed catalogue
 * (lib/alerts), and the hourly pruning of expired rows. SITE_SECRET is checked first; on SIGTERM
 * the outbox hands back the jobs it claimed before the server stops.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { siteSecretProblem } = await import('./lib/security/secret');
  const secretProblem = siteSecretProblem();
  if (secretProblem) {
    console.error(secretProblem);
    process.exit(1);
  }
  const { recordSocketAddresses } = await import('./lib/security/client-address');
  recordSocketAddresses();
  const { getStore, startHousekeeping } = await import('./lib/db');
  const { releaseClaimsOnStop, startOutboxWorker } = await import('./lib/mail/outbox-worker');
  const { startAlerts } = await import('./lib/alerts/run');
  await getStore();
  // The alerts run first, so that the worker's first round already finds their mails.
  await startAlerts(getStore);
  startOutboxWorker();
  releaseClaimsOnStop();
  startHousekeeping();
}
