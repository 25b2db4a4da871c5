import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OmnicasaDouble } from '../crm-double/omnicasa-double';
import { badPercent, hostileStrings, randomText, seededRandom, type Random } from './hostile-payloads';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * The hostile-input suite (issue 12) for the two endpoints a link or a bare form reaches without a
 * captcha (issue 39's review): the home search without JavaScript (GET /api/search/[lang]/?q=),
 * which must answer every query with a redirect to a page of this site, never elsewhere, and the
 * button of the CRM's own alert mail (POST /api/alerts/crm-unsubscribe/), which must change
 * nothing, on the site or in the CRM, for ids it cannot read.
 */

const pending: (() => unknown)[] = [];
vi.mock('next/server', () => ({ after: (task: () => unknown) => pending.push(task) }));

process.env.SITE_SECRET = 'unit-test-secret';
delete process.env.SMTP_URL;
delete process.env.TRUST_PROXY_HOPS;
delete process.env.ALLOWED_ORIGINS;

const { GET: searchRoute } = await import('@/app/api/search/[lang]/route');
const { POST: crmUnsubscribeRoute } = await import('@/app/api/alerts/crm-unsubscribe/route');
const { setStore } = await import('@/lib/db');
const { getEnabledLanguages } = await import('@/lib/config');

const origin = 'http://localhost:3100';
const headers = { origin, host: 'localhost:3100', 'x-forwarded-for': '198.51.100.7' };
/** CPU per call, as the forms' suite bounds it: a quadratic search or parse would pass a wall-clock bound on an idle machine. */
const boundMs = 2_000;
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** A query a script sends: a hostile string, random text, broken percent escapes, URLs and paths that try to leave the site, or a long one. */
function hostileQuery(random: Random): string {
  switch (random.int(6)) {
    case 0:
      return random.pick(hostileStrings);
    case 1:
      return randomText(random, 400);
    case 2:
      return `${random.pick(['mons', 'Bergen', '4000002', 'appartement'])}${random.pick(badPercent)}`;
    case 3:
      return random.pick(['//evil.example/', 'https://evil.example/x', '\\\\evil.example', '/\\evil.example', 'javascript:alert(1)', '%2F%2Fevil.example', '../../etc/passwd', '?q=1#x']);
    case 4:
      return 'Bergen appartement '.repeat(1 + random.int(2_000));
    default:
      return `${random.pick(['mons', 'Bergen', 'La Louvière', '4000039', 'maison'])} ${randomText(random, 40)}`;
  }
}

/** The query as a browser or a script puts it in the URL: encoded, or raw where a raw character survives. */
function searchUrl(language: string, query: string, random: Random): string {
  const encoded = random.chance(0.7) ? encodeURIComponent(query) : query.replace(/[#\s]/g, (character) => encodeURIComponent(character));
  return `${origin}/api/search/${language}/?q=${encoded}`;
}

describe('the home search without JavaScript, under 1,000+ hostile queries per language', () => {
  it.each(getEnabledLanguages())('answers each in %s with a redirect to a page of its language on this site, within the bound', async (language) => {
    const random = seededRandom(4040 + language.charCodeAt(0));
    const failures: string[] = [];
    for (let index = 0; index < 1_050; index += 1) {
      const query = hostileQuery(random);
      let url: string;
      try {
        url = searchUrl(language, query, random);
        new URL(url);
      } catch {
        continue;
      }
      const before = cpuMs();
      const response = await searchRoute(new Request(url), { params: Promise.resolve({ lang: language }) });
      const spent = cpuMs() - before;
      const location = response.headers.get('location') ?? '';
      const target = new URL(location, origin);
      if (response.status !== 303 || !location.startsWith(`/${language}/`) || location.startsWith('//') || location.includes('\\') || target.origin !== origin || spent > boundMs) {
        failures.push(`${JSON.stringify(query.slice(0, 60))}: ${response.status} ${location.slice(0, 80)} in ${Math.round(spent)} ms`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a language the site does not have with a 404, whatever the query', async () => {
    for (const lang of ['xx', 'EN', '..', '%2e%2e', 'de-DE', '']) {
      const response = await searchRoute(new Request(`${origin}/api/search/x/?q=mons`), { params: Promise.resolve({ lang }) });
      expect(response.status, lang).toBe(404);
    }
  });
});

describe.each(testDatabases)('the CRM alert mail’s unsubscribe button under hostile posts, on $name', (database) => {
  let crm: OmnicasaDouble;
  let store: Awaited<ReturnType<typeof database.open>>;
  afterAll(closeOpenedStores);

  beforeAll(async () => {
    crm = await OmnicasaDouble.start();
    Object.assign(process.env, crm.env);
    process.env.OMNICASA_LEAD_TIMEOUT_MS = '400';
  });
  afterAll(async () => {
    await crm.close();
    for (const name of ['OMNICASA_URL', 'OMNICASA_CUSTOMER_NAME', 'OMNICASA_CUSTOMER_PASSWORD', 'OMNICASA_LEAD_TIMEOUT_MS']) delete process.env[name];
  });
  beforeEach(async () => {
    store = await database.open();
    setStore(store);
    pending.length = 0;
  });
  afterEach(() => setStore(undefined));

  const post = (body: BodyInit, init: { from?: string; type?: string } = {}) =>
    crmUnsubscribeRoute(
      new Request(`${origin}/api/alerts/crm-unsubscribe/`, {
        method: 'POST',
        headers: { ...headers, origin: init.from ?? origin, 'content-type': init.type ?? 'application/x-www-form-urlencoded' },
        body,
      }),
    );

  it('answers 600 forged ids, broken bodies and foreign origins with a page of the site or a 4xx, and changes nothing on either side', async () => {
    const random = seededRandom(3939);
    const callsBefore = crm.calls.length;
    const failures: string[] = [];
    for (let index = 0; index < 600; index += 1) {
      const field = () => (random.chance(0.5) ? random.pick(hostileStrings) : randomText(random, 200));
      const kind = random.int(5);
      const fields = new URLSearchParams({ lang: random.pick(['fr', 'nl', 'en', 'xx', field()]), person: field(), demand: field() });
      const body: BodyInit =
        kind === 0
          ? fields.toString()
          : kind === 1
            ? `person=${random.pick(badPercent)}&demand=${random.pick(badPercent)}`
            : kind === 2
              ? 'person='.padEnd(200_000, 'A')
              : kind === 3
                ? JSON.stringify({ person: field(), demand: field() })
                : fields.toString();
      const response = await post(body, {
        from: kind === 4 ? random.pick(['https://evil.example', 'null', 'http://localhost:3100.evil.example']) : origin,
        type: kind === 3 ? 'application/json' : undefined,
      });
      const location = response.headers.get('location') ?? '';
      const onSite = response.status === 303 && location.startsWith('/') && !location.startsWith('//') && new URL(location, origin).origin === origin;
      if (!onSite && (response.status < 400 || response.status >= 500)) failures.push(`${kind}: ${response.status} ${location.slice(0, 60)}`);
      if (kind === 4 && response.status !== 403) failures.push(`foreign origin answered ${response.status}`);
    }
    expect(failures).toEqual([]);
    // Nothing unsubscribed in the CRM, nothing queued or ended on the site.
    expect(crm.calls.slice(callsBefore).filter((call) => call.endpoint === 'UnsubscribeDemandPerson')).toEqual([]);
    expect(await store.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(pending).toHaveLength(0);
  });
});
