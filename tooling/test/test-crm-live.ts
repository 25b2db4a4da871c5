/*
 * npm run test:crm-live: the pulled catalogue live without a rebuild (issue 36 items 4 and 5), end
 * to end. The Omnicasa double on loopback, a first pull, one build with OMNICASA_* set (its own
 * NEXT_DIST_DIR), two `next start` instances on one database (a fresh PostgreSQL schema when
 * TEST_POSTGRES_URL is set, as under npm test, else one SQLite file) and a loopback SMTP sink;
 * three followers subscribed; then in the double a listing added, a price lowered, one sold, one
 * deleted; a pull; and within 60 s, on BOTH instances, in nl, fr and en: the listing pages (the new
 * one rendered on demand), the lists, the search index and the sitemap, then one mail per follower.
 * Then the leads (issue 38): a viewing booked and an information request posted to one instance in
 * each language are one ContactOnMe each in the double, with the visitor's language and the site's
 * request id; the booked time is taken in the CRM's agenda and has a place fewer on the other one.
 * Last, an invalid record and a CRM outage: the pulls publish nothing, the pages stay as they were
 * and catalogue:status names the record and field, and the failure.
 *
 * It prints the delay from the pull's end to all of it visible, per instance.
 * CRM_LIVE_PREBUILT=1 reuses the build of an earlier run. Ports: CRM_LIVE_PORT (default 3710) and
 * the next one for the instances, 4730 for the double, 4725 for the SMTP sink.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { pullCatalogue } from '../../lib/catalogue/crm/pull';
import { catalogueConnectorFromEnv } from '../../lib/catalogue/crm/source';
import { currentVersion } from '../../lib/catalogue/crm/catalogue-folder';
import { getOwners } from '../../lib/catalogue';
import { createSession, newestPublishedVersion, openStore, type Store } from '../../lib/db';
import { href } from '../../lib/pages';
import { OmnicasaDouble } from '../../tests/crm-double/omnicasa-double';
import { altchaSolution } from '../../tests/unit/altcha-solution';
import { freshPostgresUrl } from '../../tests/unit/test-stores';
import { buildSite, getPage as get, listingPageOf as pageOf, pollUntil, startInstance, stopAll, waitReady } from './support/live-site';

const root = path.resolve(__dirname, '../..');
const work = path.join(root, 'var', 'crm-live');
const firstPort = Number(process.env.CRM_LIVE_PORT ?? 3710);
const ports = [firstPort, firstPort + 1];
const smtpPort = 4725;
const distDir = `.next-crm-live-${firstPort}`;
const secret = 'crm-live-site-secret-0123456789abcdef0123456789';
const budgetMs = 60_000;
const languages = ['nl', 'fr', 'en'] as const;
// For sale: lowered, sold, copied as a new listing; for rent: deleted.
const ids = { cut: 4000010, sold: 4000002, deleted: 4000011, copied: 4000001, added: 4000900 };
const soldText = { nl: 'Pand verkocht', fr: 'Bien vendu', en: 'Property Sold' };
// Pages write "€ 51.000" in every language (lib/format/price.ts formatEuro).
const loweredText = '51.000';
// Who follows what, and the event their one mail is about.
const followers = [
  { id: 'follow-cut', email: 'cut@example.com', language: 'nl', propertyId: ids.cut, event: 'price' },
  { id: 'follow-sold', email: 'sold@example.com', language: 'fr', propertyId: ids.sold, event: 'status' },
  { id: 'follow-deleted', email: 'deleted@example.com', language: 'en', propertyId: ids.deleted, event: 'removed' },
] as const;

const languageIds = { nl: 1, fr: 2, en: 3 } as const;
// A visitor with JavaScript, as lib/forms posts a request (test-multi.ts posts the same way).
const visitor = { title: 'ms', firstName: 'Marie', lastName: 'Dubois', phone: '0475 12 34 56', privacy: true };
type SlotLeft = { id: number; start: string; remaining: number };

const fail = (message: string): never => {
  console.error(`test:crm-live FAILED: ${message}`);
  stopAll();
  process.exit(1);
};

/** Polls `problems` until it finds none; the time it took, or a failure naming what is left. */
const within = (what: string, problems: () => Promise<string[]>, since = Date.now()): Promise<number> =>
  pollUntil(what, problems, { since, budgetMs }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

/** The loopback mail server: every message's recipients, in order. */
async function startMailSink(): Promise<{ to: string[][]; close: () => Promise<void> }> {
  const to: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        to.push(session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
  return { to, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A confirmed follower of a listing, as the follow form and its mailed link leave one. */
async function follow(store: Store, follower: (typeof followers)[number]) {
  const at = new Date().toISOString();
  await store.db
    .insertInto('requests')
    .values({
      id: `request-${follower.id}`,
      form: 'follow-listing',
      lang: follower.language,
      property_id: follower.propertyId,
      project_id: null,
      email: follower.email,
      name: null,
      payload: '{}',
      source: null,
      created_at: at,
    })
    .execute();
  await store.db
    .insertInto('alert_subscriptions')
    .values({
      id: follower.id,
      request_id: `request-${follower.id}`,
      kind: 'follow',
      email: follower.email,
      language: follower.language,
      criteria: null,
      property_id: follower.propertyId,
      frequency: 'immediately',
      status: 'active',
      token_hash: `hash-${follower.id}`,
      expires_at: at,
      password_hash: null,
      created_at: at,
      confirmed_at: at,
      last_sent_at: null,
    })
    .execute();
}

const instanceLog = (port: number) => path.join(work, `instance-${port}.log`);
/** How many versions an instance has logged serving (lib/server/catalogue-reload.ts logs each after its alerts ran). */
const reloadsLogged = (port: number) => (readFileSync(instanceLog(port), 'utf8').match(/\[catalogue\] serving version /g) ?? []).length;

function catalogueStatus(databaseUrl: string): string {
  const run = spawnSync('npx', ['tsx', 'scripts/catalogue-status.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  if (run.status !== 0) fail(`catalogue:status failed: ${run.stderr}`);
  return run.stdout;
}

async function main() {
  const began = Date.now();
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const databaseUrl = process.env.TEST_POSTGRES_URL ? await freshPostgresUrl() : `file:${path.join(work, 'site.db')}`;
  const double = await OmnicasaDouble.start({ port: 4730 });
  const mail = await startMailSink();
  const crmEnv = {
    OMNICASA_URL: double.baseUrl,
    OMNICASA_CUSTOMER_NAME: double.customerName,
    OMNICASA_CUSTOMER_PASSWORD: double.customerPassword,
    OMNICASA_PULL_MINUTES: '0',
    CATALOGUE_PULL_DIR: path.join(work, 'catalogue'),
    CATALOGUE_RELOAD_MS: '1000',
  };
  Object.assign(process.env, crmEnv);
  const connector = catalogueConnectorFromEnv() ?? fail('no connector from the environment');
  const store = await openStore(databaseUrl);
  const pull = async () => {
    const result = await pullCatalogue({ store, connector, varDir: crmEnv.CATALOGUE_PULL_DIR });
    return result.status === 'locked' ? fail(`the pull found the lock taken: ${JSON.stringify(result)}`) : result;
  };
  const first = await pull();
  if (first.status !== 'published') fail(`the first pull did not publish: ${JSON.stringify(first)}`);

  const env = { ...process.env, ...crmEnv, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', SITE_SECRET: secret, SITE_URL: `http://localhost:${ports[0]}`, DATABASE_URL: databaseUrl };
  if (process.env.CRM_LIVE_PREBUILT !== '1') {
    console.log(`building into ${distDir}…`);
    await buildSite(env).catch(() => fail('the build failed'));
  } else {
    // Pages Next.js rendered in an earlier run, from that run's catalogue: it serves them before
    // the build's own files, so they would stand for pages this run never changed.
    rmSync(path.join(root, distDir, 'server', 'route-cache'), { recursive: true, force: true });
  }
  const smtpEnv = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_TIMEOUT_MS: '3000', OUTBOX_POLL_MS: '300', OUTBOX_RETRY_BASE_MS: '300', OUTBOX_RETRY_MAX_MS: '1000', OUTBOX_PROBE_MS: '500' };
  const instances = ports.map((port) => ({ port, child: startInstance(port, { ...env, ...smtpEnv }, instanceLog(port)) }));
  for (const { port, child } of instances) await waitReady(port, child, 60_000).catch(() => fail(`the instance on ${port} did not start (var/crm-live/instance-${port}.log)`));
  // The alerts' first run (on start) records the catalogue as it is; the followers come after it.
  await within('the alerts baseline', async () => ((await store.db.selectFrom('catalogue_state').select('property_id').limit(1).execute()).length > 0 ? [] : ['no catalogue_state yet']));
  for (const follower of followers) await follow(store, follower);

  // The listing pages' URLs before the change, from the sitemap (which lists every listing).
  const sitemapBefore = (await get(ports[0] ?? 0, '/sitemap.xml')).body;
  const before: Record<string, string> = {};
  for (const language of languages) {
    for (const id of [ids.cut, ids.sold, ids.deleted]) before[`${language}/${id}`] = pageOf(sitemapBefore, language, id) ?? fail(`the sitemap has no ${language} page for listing ${id}`);
  }
  const rentListBefore = (await get(ports[0] ?? 0, '/nl/te-huur/')).body;
  if (!rentListBefore.includes(`/${ids.deleted}/`)) fail(`listing ${ids.deleted} is not on the first page of /nl/te-huur/: pick another to delete`);

  double.changeProperty(ids.cut, { Price: 51000 });
  double.setStatus(ids.sold, 2);
  double.copyProperty(ids.copied, { ID: ids.added });
  double.deleteProperty(ids.deleted);
  const changed = await pull();
  if (changed.status !== 'published') fail(`the pull of the change did not publish: ${JSON.stringify(changed)}`);
  const published = Date.now();

  const checks = async (port: number): Promise<string[]> => {
    const problems: string[] = [];
    const sitemap = (await get(port, '/sitemap.xml')).body;
    if (sitemap.includes(`/${ids.deleted}/`)) problems.push(`${port} sitemap: deleted listing`);
    for (const language of languages) {
      const cut = before[`${language}/${ids.cut}`] ?? '';
      const cutPage = await get(port, cut);
      if (cutPage.status !== 200 || !cutPage.body.includes(loweredText)) problems.push(`${port} ${cut}: no lowered price (${cutPage.status})`);
      const sold = before[`${language}/${ids.sold}`] ?? '';
      const soldPage = await get(port, sold);
      if (soldPage.status !== 200 || !soldPage.body.includes(soldText[language])) problems.push(`${port} ${sold}: not shown as sold (${soldPage.status})`);
      const deleted = before[`${language}/${ids.deleted}`] ?? '';
      const deletedPage = await get(port, deleted);
      // The spec's "Property Not Found" page, with the search form.
      if (![404, 410].includes(deletedPage.status) || !deletedPage.body.includes('<form')) problems.push(`${port} ${deleted}: answers ${deletedPage.status}`);
      const added = pageOf(sitemap, language, ids.added);
      if (!added) problems.push(`${port} sitemap: no ${language} page for the new listing`);
      else if ((await get(port, added)).status !== 200) problems.push(`${port} ${added}: the new listing's page does not answer 200`);
      const index = (await get(port, `/api/search-index/${language}/`)).body;
      if (!index.includes(`[${ids.added},`)) problems.push(`${port} search index ${language}: no new listing`);
      if (index.includes(`[${ids.deleted},`)) problems.push(`${port} search index ${language}: deleted listing`);
      // Newest first: the new listing leads the list; by price, the lowered one shows its price.
      const forSale = (await get(port, href({ page: 'for-sale' }, language))).body;
      if (!forSale.includes(`/${ids.added}/`)) problems.push(`${port} ${language} for-sale list: no new listing`);
      if (forSale.includes(`/${ids.sold}/`)) problems.push(`${port} ${language} for-sale list: the sold listing is still on offer`);
      const cheapest = (await get(port, `${href({ page: 'for-sale' }, language)}?sort=price-asc`)).body;
      if (!cheapest.includes(`/${ids.cut}/`) || !cheapest.includes(loweredText)) problems.push(`${port} ${language} for-sale list by price: no lowered price`);
      const forRent = (await get(port, href({ page: 'for-rent' }, language))).body;
      if (forRent.includes(`/${ids.deleted}/`)) problems.push(`${port} ${language} for-rent list: deleted listing`);
    }
    return problems;
  };
  const delays = await Promise.all(ports.map((port) => within(`the change on ${port}`, () => checks(port), published)));
  console.log(
    `test:crm-live: added, lowered, sold and deleted listings visible in nl, fr and en ${ports.map((port, index) => `on ${port} ${((delays[index] ?? 0) / 1000).toFixed(1)} s`).join(', ')} after the pull (loaded machine)`,
  );

  // The mails: each follower once. Both instances ran the alerts over the change (each logs its
  // reload after them), and every alert mail queued is delivered: no other can follow.
  await within(
    'the followers’ mails',
    async () => {
      const left = ports.filter((port) => reloadsLogged(port) < 1).map((port) => `${port} has not logged its reload`);
      const jobs = await store.db.selectFrom('outbox').select(['id', 'status']).where('kind', '=', 'alert-mail').execute();
      if (jobs.length < followers.length || jobs.some((job) => job.status !== 'delivered'))
        left.push(`alert mails delivered: ${jobs.filter((job) => job.status === 'delivered').length} of ${jobs.length}`);
      return left;
    },
    published,
  );
  for (const follower of followers) {
    const received = mail.to.filter((recipients) => recipients.includes(follower.email)).length;
    if (received !== 1) fail(`${follower.email} (following ${follower.propertyId}) received ${received} mails, not 1`);
    const events = await store.db.selectFrom('alert_events').select('event').where('subscription_id', '=', follower.id).execute();
    if (events.length !== 1 || events[0]?.event !== follower.event) fail(`${follower.id}: events ${JSON.stringify(events)}, not one '${follower.event}'`);
  }
  if (mail.to.length !== followers.length) fail(`${mail.to.length} mails sent, not ${followers.length}: ${JSON.stringify(mail.to)}`);
  console.log(`test:crm-live: each of the ${followers.length} followers got one mail`);

  await leadsReachTheCrm(double, store, ports);
  await portalFromTheCrm(double, store, ports[1] ?? 0);

  // A bad record and a bad day: nothing published, nothing changes for visitors, staff told.
  const servedVersion = currentVersion(crmEnv.CATALOGUE_PULL_DIR);
  const unchangedSite = async (what: string) => {
    if (currentVersion(crmEnv.CATALOGUE_PULL_DIR) !== servedVersion || (await newestPublishedVersion(store)) !== servedVersion) fail(`${what} published a version`);
    // No version newer than the one served exists, so no reload can change what is checked now.
    const problems = (await Promise.all(ports.map(checks))).flat();
    if (problems.length > 0) fail(`after ${what} the site changed:\n  ${problems.join('\n  ')}`);
  };
  double.changeProperty(ids.cut, { Price: 'abc' });
  const invalid = await pull();
  if (invalid.status === 'failed' || !invalid.refusals.some((issue) => issue.record?.label?.startsWith(`ID ${ids.cut}`) && issue.field === 'Price'))
    fail(`the pull of an invalid record did not refuse it: ${JSON.stringify(invalid)}`);
  await unchangedSite('the invalid record');
  const afterInvalid = catalogueStatus(databaseUrl);
  if (!new RegExp(`ID ${ids.cut}[^\\n]*Price`).test(afterInvalid)) fail(`catalogue:status does not name the refused record and field:\n${afterInvalid}`);

  double.changeProperty(ids.copied, { Price: 1000 });
  double.setFault('*', { kind: 'http', status: 503 });
  const outage = await pull();
  if (outage.status !== 'failed') fail(`a pull during a CRM outage did not fail: ${JSON.stringify(outage)}`);
  await unchangedSite('the outage');
  const afterOutage = catalogueStatus(databaseUrl);
  if (!/FAILED, the site kept its catalogue/.test(afterOutage) || !/error: .*503/.test(afterOutage)) fail(`catalogue:status does not report the outage:\n${afterOutage}`);
  double.clearFaults();
  console.log('test:crm-live: an invalid record and a CRM outage published nothing and are in catalogue:status');

  console.log(`test:crm-live passed in ${Math.round((Date.now() - began) / 1000)} s`);
  stopAll();
  await mail.close();
  await double.close();
  process.exit(0);
}

/** A form posted to an instance as a browser with JavaScript posts it: the stored request's id. */
async function postForm(port: number, form: string, fields: Record<string, unknown>): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/forms/${form}/`, {
    method: 'POST',
    headers: { origin: `http://127.0.0.1:${port}`, accept: 'application/json', 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.38' },
    body: JSON.stringify({ ...visitor, altcha: await altchaSolution(form), ...fields }),
    signal: AbortSignal.timeout(20_000),
  });
  const body: unknown = await response.json().catch(() => undefined);
  const id = typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string' ? body.id : undefined;
  return response.status === 201 && id ? id : fail(`${form} on ${port} answered ${response.status}: ${JSON.stringify(body)}`);
}

/** A listing's future viewing times with the places left, as the visit form of an instance reads them. */
async function slotsLeft(port: number, propertyId: number): Promise<SlotLeft[]> {
  const body: unknown = JSON.parse((await get(port, `/api/slots/${propertyId}/`)).body || '{}');
  const slots = typeof body === 'object' && body !== null && 'slots' in body && Array.isArray(body.slots) ? body.slots : [];
  return slots.flatMap((slot: unknown) =>
    typeof slot === 'object' &&
    slot !== null &&
    'id' in slot &&
    typeof slot.id === 'number' &&
    'remaining' in slot &&
    typeof slot.remaining === 'number' &&
    'start' in slot &&
    typeof slot.start === 'string'
      ? [{ id: slot.id, start: slot.start, remaining: slot.remaining }]
      : [],
  );
}

/**
 * Issue 38 on real servers: each request posted to instance A is one call in the CRM, sent by the
 * outbox of whichever instance leases it; the viewing time it booked is taken in the CRM's agenda
 * and the next visitor, on instance B, sees one place fewer.
 */
async function leadsReachTheCrm(double: OmnicasaDouble, store: Store, [a = 0, b = 0]: readonly number[]): Promise<void> {
  process.env.SITE_SECRET = secret;
  const untouched = new Set<number>(Object.values(ids));
  let listing: { id: number; slot: SlotLeft } | undefined;
  for (const id of double.propertyIds()) {
    if (untouched.has(id) || double.slotsOf(id).length === 0) continue;
    const slot = (await slotsLeft(b, id)).find((candidate) => candidate.remaining >= languages.length);
    if (slot) {
      listing = { id, slot };
      break;
    }
  }
  if (!listing) return fail(`no listing of the double has a viewing time with ${languages.length} places left`);
  const bookedBefore = double.slot(listing.slot.id)?.Booked ?? 0;
  const sent: { id: string; language: (typeof languages)[number]; form: string }[] = [];
  for (const language of languages) {
    const email = `lead-${language}@example.be`;
    const common = { lang: language, email, propertyId: listing.id };
    sent.push({ id: await postForm(a, 'contact-appointment', { ...common, slotId: String(listing.slot.id), contactSlots: ['13-16'] }), language, form: 'contact-appointment' });
    sent.push({ id: await postForm(a, 'contact-me', { ...common, remark: 'Est-il encore disponible ?', contactDevice: 'email' }), language, form: 'contact-me' });
  }
  const posted = Date.now();
  const callsOf = (requestId: string) => double.writes().filter((call) => String(call.params.get('Content') ?? '').includes(`Site request ${requestId}`));
  await within(
    'the leads in the CRM',
    async () =>
      sent.flatMap(({ id, language, form }) => {
        const calls = callsOf(id);
        const call = calls[0];
        if (calls.length !== 1 || !call?.success) return [`${form} ${language} (${id}): ${calls.length} call(s) in the CRM, not one that succeeded`];
        const wrong = [
          call.endpoint === 'ContactOnMe' ? '' : `endpoint ${call.endpoint}`,
          call.params.int('ObjectID') === listing.id ? '' : `ObjectID ${call.params.get('ObjectID')}`,
          call.params.int('LanguageIdFromParameter') === languageIds[language] ? '' : `language ${call.params.get('LanguageIdFromParameter')}`,
          call.params.int('SourceId') === 5 ? '' : `source ${call.params.get('SourceId')}`,
          call.params.get('Email') === `lead-${language}@example.be` ? '' : `e-mail ${call.params.get('Email')}`,
          form !== 'contact-appointment' || call.params.int('AppointmentID') === listing.slot.id ? '' : `appointment ${call.params.get('AppointmentID')}`,
        ].filter(Boolean);
        return wrong.length > 0 ? [`${form} ${language}: ${wrong.join(', ')}`] : [];
      }),
    posted,
  );
  const bookedAfter = double.slot(listing.slot.id)?.Booked ?? 0;
  if (bookedAfter !== bookedBefore + languages.length) fail(`the CRM's agenda took ${bookedAfter - bookedBefore} places of viewing time ${listing.slot.id}, not ${languages.length}`);
  const left = (await slotsLeft(b, listing.id)).find((slot) => slot.id === listing.slot.id)?.remaining ?? 0;
  if (left !== listing.slot.remaining - languages.length)
    fail(`instance ${b} offers ${left} places of viewing time ${listing.slot.id} after ${languages.length} bookings on ${a}, not ${listing.slot.remaining - languages.length}`);
  const jobs = await store.db.selectFrom('outbox').select('status').where('kind', '=', 'crm-lead').execute();
  if (jobs.length !== sent.length || jobs.some((job) => job.status !== 'delivered')) fail(`crm-lead jobs: ${JSON.stringify(jobs)}, not ${sent.length} delivered`);
  console.log(
    `test:crm-live: ${sent.length} requests posted to ${a} in nl, fr and en are one ContactOnMe each in the CRM within ${((Date.now() - posted) / 1000).toFixed(1)} s; viewing time ${listing.slot.id} has ${left} places left on ${b}, ${languages.length} fewer`,
  );
}

/**
 * Issue 38 item 4 on a real server: an owner signed in (the session the login leaves) sees the
 * listings the CRM names theirs, one the CRM gave them included, and the CRM's agenda of a listing,
 * a viewing's visitor named only with their consent; another owner's listing is not theirs to see.
 */
async function portalFromTheCrm(double: OmnicasaDouble, store: Store, port: number): Promise<void> {
  const untouched = new Set<number>(Object.values(ids));
  const spare = (listings: readonly number[]) => listings.filter((id) => !untouched.has(id));
  // One owner gives a listing to another in the CRM and keeps one; the other has one of their own.
  const other = getOwners().find((candidate) => spare(candidate.PropertyIDs).length >= 2);
  const owner = getOwners().find((candidate) => candidate !== other && spare(candidate.PropertyIDs).length >= 1);
  const [given, kept] = spare(other?.PropertyIDs ?? []);
  const [own] = spare(owner?.PropertyIDs ?? []);
  if (!owner || !given || !kept || !own) return fail('the catalogue has no two owners with listings to spare');
  double.setOwnerOf(given, owner.Email);
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  double.addCalendarEntry(own, { Date: `${day}T10:00:00`, Type: 'Visit', Subject: 'Visite avec la famille Maes', Status: 'confirmed', VisitorConsent: true });
  double.addCalendarEntry(own, { Date: `${day}T14:00:00`, Type: 'Visit', Subject: 'Visite avec M. Martin', Status: 'planned' });
  const { token } = await createSession(store, owner.Email, 3_600_000);
  const asOwner = async (url: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'text/html', cookie: `owner_session=${token}` }, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: await response.text() };
  };
  const problems: string[] = [];
  const portalPath = (language: (typeof languages)[number], id?: number) => href(id === undefined ? { page: 'portal' } : { page: 'portal-listing', id }, language);
  for (const language of languages) {
    const list = await asOwner(portalPath(language));
    if (list.status !== 200) problems.push(`${language} portal: ${list.status}`);
    for (const id of [own, given]) if (!list.body.includes(portalPath(language, id))) problems.push(`${language} portal: no link to listing ${id}`);
    if (list.body.includes(portalPath(language, kept))) problems.push(`${language} portal: another owner's listing ${kept}`);
    const report = await asOwner(portalPath(language, own));
    if (report.status !== 200 || !report.body.includes('famille Maes')) problems.push(`${language} portal of ${own}: no viewing from the CRM's agenda (${report.status})`);
    if (report.body.includes('M. Martin')) problems.push(`${language} portal of ${own}: names a visitor without their consent`);
    const theirs = await asOwner(portalPath(language, kept));
    if (theirs.status === 200) problems.push(`${language} portal of another owner's listing ${kept}: 200`);
  }
  if (problems.length > 0) fail(`the owner portal from the CRM:\n  ${problems.join('\n  ')}`);
  console.log(`test:crm-live: the owner portal on ${port} (nl, fr, en) lists the CRM's listings of the owner (${given} given in the CRM) and its agenda, not another owner's ${kept}`);
}

void main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
