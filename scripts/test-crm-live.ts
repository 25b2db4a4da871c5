/*
 * npm run test:crm-live: the pulled catalogue live without a rebuild (issue 36 item 4), end to
 * end. The Omnicasa double on loopback, a first pull, one build with OMNICASA_* set (its own
 * NEXT_DIST_DIR), two `next start` instances on one database (a fresh PostgreSQL schema when
 * TEST_POSTGRES_URL is set, as under npm test, else one SQLite file); then in the double a listing
 * added, a price lowered, one sold, one deleted; a pull; and within 60 s, on BOTH instances, in
 * nl, fr and en: the listing pages, the for-sale list, the search index and the sitemap. It prints
 * the delay from the pull's end to all of it visible.
 *
 * CRM_LIVE_PREBUILT=1 reuses the build of an earlier run. Ports: CRM_LIVE_PORT (default 3710) and
 * the next one for the instances, 4730 for the double.
 *
 * Not yet here (docs/crm-live-catalogue.md, issue 36 item 4): the follower's mail, the invalid
 * record and the CRM outage; and, until listing pages render on demand (§5, another part), the
 * new listing's own page (TODO(lead) below).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pullCatalogue } from '../lib/catalogue/crm/pull';
import { catalogueConnectorFromEnv } from '../lib/catalogue/crm/source';
import { openStore } from '../lib/db';
import { OmnicasaDouble } from '../tests/crm-double/omnicasa-double';
import { freshPostgresUrl } from '../tests/unit/test-stores';

const root = path.resolve(__dirname, '..');
const work = path.join(root, 'var', 'crm-live');
const firstPort = Number(process.env.CRM_LIVE_PORT ?? 3710);
const ports = [firstPort, firstPort + 1];
const distDir = `.next-crm-live-${firstPort}`;
const secret = 'crm-live-site-secret-0123456789abcdef0123456789';
const budgetMs = 60_000;
const languages = ['nl', 'fr', 'en'] as const;
// For sale: lowered, sold, copied as a new listing; for rent: deleted.
const ids = { cut: 4000010, sold: 4000002, deleted: 4000011, copied: 4000001, added: 4000900 };
const soldText = { nl: 'Pand verkocht', fr: 'Bien vendu', en: 'Property Sold' };
const loweredText = '51.000';

const children: ChildProcess[] = [];
function stopAll() {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
}
process.on('exit', stopAll);

const fail = (message: string): never => {
  console.error(`test:crm-live FAILED: ${message}`);
  stopAll();
  process.exit(1);
};

async function get(port: number, url: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' }, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const databaseUrl = process.env.TEST_POSTGRES_URL ? await freshPostgresUrl() : `file:${path.join(work, 'site.db')}`;
  const double = await OmnicasaDouble.start({ port: 4730 });
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
    if (result.status === 'failed' || result.status === 'locked') fail(`the pull did not publish: ${JSON.stringify(result)}`);
    return result;
  };
  await pull();

  const env = { ...process.env, ...crmEnv, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', SITE_SECRET: secret, SITE_URL: `http://localhost:${ports[0]}`, DATABASE_URL: databaseUrl };
  if (process.env.CRM_LIVE_PREBUILT !== '1') {
    console.log(`building into ${distDir}…`);
    const build = spawnSync('npx', ['next', 'build'], { cwd: root, env: { ...env, SKIP_BUILD_TYPE_CHECK: '1', NEXT_BUILD_CACHE: 'off' }, stdio: ['ignore', 'inherit', 'inherit'] });
    if (build.status !== 0) fail('the build failed');
  }
  for (const port of ports) {
    const log = openSync(path.join(work, `instance-${port}.log`), 'a');
    children.push(spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '-p', String(port)], { cwd: root, detached: true, stdio: ['ignore', log, log], env: { ...env, NODE_ENV: 'production' } }));
  }
  for (const port of ports) {
    const ready = Date.now() + 60_000;
    while ((await get(port, '/nl/')).status !== 200) {
      if (Date.now() > ready) fail(`the instance on ${port} did not start (var/crm-live/instance-${port}.log)`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  // The listing pages' URLs before the change, from the sitemap (which lists every listing).
  const sitemapBefore = (await get(ports[0] ?? 0, '/sitemap.xml')).body;
  const before: Record<string, string | undefined> = {};
  for (const language of languages) {
    for (const id of [ids.cut, ids.sold, ids.deleted]) {
      const url = new RegExp(`<loc>https?://[^/<]+(/${language}/[^<]*/${id}/)</loc>`).exec(sitemapBefore)?.[1];
      if (!url) fail(`the sitemap has no ${language} page for listing ${id}`);
      before[`${language}/${id}`] = url;
    }
  }
  const rentListBefore = (await get(ports[0] ?? 0, '/nl/te-huur/')).body;
  if (!rentListBefore.includes(`/${ids.deleted}/`)) console.log(`note: listing ${ids.deleted} is not on the first page of /nl/te-huur/, so the list is not checked for it`);

  double.changeProperty(ids.cut, { Price: 51000 });
  double.setStatus(ids.sold, 2);
  double.copyProperty(ids.copied, { ID: ids.added });
  double.deleteProperty(ids.deleted);
  await pull();
  const published = Date.now();

  const checks = async (port: number): Promise<string[]> => {
    const problems: string[] = [];
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
      const index = (await get(port, `/api/search-index/${language}/`)).body;
      if (!index.includes(`[${ids.added},`)) problems.push(`${port} search index ${language}: no new listing`);
      if (index.includes(`[${ids.deleted},`)) problems.push(`${port} search index ${language}: deleted listing`);
      // TODO(lead): the new listing's own page answers 200 once listing pages render on demand (§5).
    }
    const rentList = (await get(port, '/nl/te-huur/')).body;
    if (rentListBefore.includes(`/${ids.deleted}/`) && rentList.includes(`/${ids.deleted}/`)) problems.push(`${port} /nl/te-huur/: deleted listing`);
    const sitemap = (await get(port, '/sitemap.xml')).body;
    if (!sitemap.includes(`/${ids.added}/`)) problems.push(`${port} sitemap: no new listing`);
    if (sitemap.includes(`/${ids.deleted}/`)) problems.push(`${port} sitemap: deleted listing`);
    return problems;
  };
  let problems: string[] = [];
  for (;;) {
    problems = (await Promise.all(ports.map(checks))).flat();
    if (problems.length === 0) break;
    if (Date.now() - published > budgetMs) fail(`not visible within ${budgetMs / 1000} s:\n  ${problems.join('\n  ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`test:crm-live: added, lowered, sold and deleted listings visible on both instances in nl, fr and en ${((Date.now() - published) / 1000).toFixed(1)} s after the pull (loaded machine)`);
  stopAll();
  await double.close();
  process.exit(0);
}

void main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
