import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAlerts } from '@/lib/alerts/run';
import { getProperties, type ListingSummary } from '@/lib/catalogue';
import { closeStore, openStore, type Store } from '@/lib/db';
import { freshPostgresUrl } from './test-stores';

/*
 * After a catalogue reload every instance runs the alerts over the same new version at about the
 * same moment (lib/server/catalogue-reload.ts). Two stores on one database, racing on the same
 * change, write each event once and queue one mail.
 */

// Several instances share PostgreSQL; SQLite serves one instance, whose runs may still overlap (a
// reload's run and the hourly one): one store raced with itself.
const folders: string[] = [];
const databases = [
  {
    name: 'sqlite',
    open: async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'alerts-race-'));
      folders.push(folder);
      const store = await openStore(`file:${path.join(folder, 'site.db')}`);
      return [store, store];
    },
  },
  ...(process.env.TEST_POSTGRES_URL
    ? [
        {
          name: 'postgres',
          open: async () => {
            const url = await freshPostgresUrl();
            return [await openStore(url), await openStore(url)];
          },
        },
      ]
    : []),
];
const opened: Store[] = [];
afterAll(async () => {
  await Promise.allSettled([...new Set(opened)].map((store) => closeStore(store)));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const all = () => (['nl', 'fr', 'en'] as const).flatMap((language) => getProperties(language));
const followed = getProperties('en', { goal: 'sale', availability: 'on-offer' }).find((listing) => listing.price.kind === 'amount');
const cheaper = (listings: ListingSummary[]) =>
  listings.map((listing) =>
    listing.id === followed?.id && listing.price.kind === 'amount' ? { ...listing, price: { ...listing.price, amount: listing.price.amount - 5000 }, lastChanged: '2026-12-01' } : listing,
  );

async function follow(store: Store, id: string, propertyId: number) {
  const at = '2026-11-01T00:00:00.000Z';
  await store.db
    .insertInto('requests')
    .values({ id: `request-${id}`, form: 'follow-listing', lang: 'en', property_id: propertyId, project_id: null, email: `${id}@example.com`, name: null, payload: '{}', source: null, created_at: at })
    .execute();
  await store.db
    .insertInto('alert_subscriptions')
    .values({
      id,
      request_id: `request-${id}`,
      kind: 'follow',
      email: `${id}@example.com`,
      language: 'en',
      criteria: null,
      property_id: propertyId,
      frequency: 'immediately',
      status: 'active',
      token_hash: `hash-${id}`,
      expires_at: at,
      password_hash: null,
      created_at: at,
      confirmed_at: at,
      last_sent_at: null,
    })
    .execute();
}

describe.each(databases)('alerts on two instances ($name)', ({ open }) => {
  it('write each event of a change once and queue one mail, however the runs race', async () => {
    if (!followed) throw new Error('the demo catalogue has no listing for sale with a price');
    const [first, second] = await open();
    if (!first || !second) throw new Error('no store');
    opened.push(first, second);
    await follow(first, 'follower', followed.id);
    await runAlerts(first, { listings: all() });
    const now = new Date('2026-12-01T10:00:00Z');
    const runs = await Promise.all([runAlerts(first, { listings: cheaper(all()), now }), runAlerts(second, { listings: cheaper(all()), now }), runAlerts(second, { listings: cheaper(all()), now })]);
    expect(runs.some((run) => run.events.length > 0)).toBe(true);
    const events = await first.db.selectFrom('alert_events').select(['event', 'job_id']).where('subscription_id', '=', 'follower').execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe('price');
    const jobs = await first.db.selectFrom('outbox').select('id').where('kind', '=', 'alert-mail').execute();
    expect(jobs).toHaveLength(1);
    expect(events[0]?.job_id).toBe(jobs[0]?.id);
    // The instance that reloads later finds nothing new.
    expect((await runAlerts(second, { listings: cheaper(all()), now })).events).toEqual([]);
  });
});
