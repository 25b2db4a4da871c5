/**
 * What the server does once on start (Node runtime, not during the build), called by
 * instrumentation.ts: SITE_SECRET is checked first (a bad one stops the start, as a database that
 * cannot be reached does below); then each request's socket address is recorded
 * for the limits (lib/security/client-address), the server's time bounds for a request's headers
 * and body set (lib/server/request-timeouts), the database schema brought up to date, and the
 * outbox worker that delivers the e-mails of stored requests started, after the alerts run over
 * the deployed catalogue (lib/alerts), with the hourly pruning of expired rows and, with the CRM
 * configured, the catalogue pull every few minutes (lib/catalogue/crm/schedule) and the reload of
 * each version published (lib/server/catalogue-reload), here or by another instance. On SIGTERM the
 * outbox hands back the jobs it claimed before the server stops. A production start warns when the
 * public origin the build was made for is local or plain http, or is not the SITE_URL given now.
 */
import { siteSecretProblem } from '../security/secret';

export async function startServer(): Promise<void> {
  const secretProblem = siteSecretProblem();
  if (secretProblem) {
    console.error(secretProblem);
    process.exit(1);
  }
  if (process.env.NODE_ENV === 'production') {
    const { publicOriginWarnings } = await import('../seo/public-origin');
    const { siteOriginForSeo } = await import('../seo/origin');
    for (const warning of publicOriginWarnings(siteOriginForSeo(), process.env.SITE_URL)) console.warn(warning);
  }
  // Loaded once the secret is known to be good, so that a refused start says one line and
  // touches no database.
  const { recordSocketAddresses } = await import('../security/client-address');
  const { boundRequestTimes } = await import('./request-timeouts');
  const { getStore, newestPublishedVersion, startHousekeeping } = await import('../db');
  const { releaseClaimsOnStop, startOutboxWorker } = await import('../mail/outbox-worker');
  const { runAlerts, startAlerts } = await import('../alerts/run');
  const { startCataloguePulls } = await import('../catalogue/crm/schedule');
  const { startCatalogueFollower } = await import('./catalogue-reload');
  const { readVersionOffThread } = await import('./catalogue-version');
  recordSocketAddresses();
  boundRequestTimes();
  try {
    await getStore();
  } catch (error) {
    // Next.js serves nothing once this hook has failed, yet keeps listening: every request, the
    // prerendered pages included, would get a bare 500. Stopping lets the supervisor start it again.
    console.error(`The database cannot be reached (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}. The server stops; start it again once the database answers.`);
    process.exit(1);
  }
  const follower = startCatalogueFollower({
    newestPublished: async () => newestPublishedVersion(await getStore()),
    read: (dir) => readVersionOffThread(dir),
    alerts: async () => {
      const plan = await runAlerts(await getStore());
      if (plan.events.length > 0 || plan.queued.length > 0) console.log(`[alerts] ${plan.events.length} event(s), ${plan.queued.length} mail(s) queued`);
    },
  });
  // The alerts run first, so that the worker's first round already finds their mails; never over
  // a catalogue older than the newest published.
  await startAlerts(getStore, { upToDate: follower?.upToDate });
  startOutboxWorker();
  releaseClaimsOnStop();
  startHousekeeping();
  startCataloguePulls(getStore, { onPublished: () => void follower?.check() });
}
