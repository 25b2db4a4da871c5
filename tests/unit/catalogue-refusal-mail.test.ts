import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OmnicasaConnector } from '@/lib/catalogue/crm/omnicasa-connector';
import { pullCatalogue } from '@/lib/catalogue/crm/pull';
import { catalogueLanguages } from '@/lib/catalogue/schemas';
import { setStore, type Store } from '@/lib/db';
import { deliverDueJobs } from '@/lib/mail/outbox-worker';
import { OmnicasaDouble } from '../crm-double/omnicasa-double';
import { snapshotRecords } from '../crm-double/snapshot-seed';
import { SmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Issue 36 item 5: a CRM record the site's checks refuse is mailed to the agency through the
 * outbox once per record and problem, in check:data's words. The same problem in later runs sends
 * nothing more; a new problem, or the record corrected and then broken again, sends again.
 */

const smtp = new SmtpSink();
const agency = 'staff@agency.example';
const original = snapshotRecords().properties.find((property) => property.ID === 4000003);

describe.each(testDatabases)('refused CRM records mailed to the agency on $name', (database) => {
  afterAll(closeOpenedStores);

  let crm: OmnicasaDouble;
  let store: Store;
  let varDir: string;
  let publicDir: string;
  let clock = new Date('2026-12-01T09:00:00Z');
  const now = () => clock;
  const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

  const pull = async () => {
    const connector = new OmnicasaConnector(
      { baseUrl: crm.baseUrl, customerName: crm.customerName, customerPassword: crm.customerPassword, languages: [...catalogueLanguages] },
      { cdnHost: '', legacyHosts: [] },
      { timeoutMs: 5_000 },
    );
    const result = await pullCatalogue({ store, connector, now, varDir, publicDir });
    if (result.status !== 'published' && result.status !== 'unchanged') throw new Error(`expected a good run, got ${JSON.stringify(result)}`);
    return result;
  };
  /** The pull's mails sent by one outbox round: their bodies. */
  const mailed = async () => {
    smtp.received = [];
    await deliverDueJobs({ now: clock });
    return smtp.received.map((mail) => ({ to: mail.to, body: mail.body }));
  };

  beforeAll(async () => {
    await smtp.start();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.MAIL_TO = agency;
  });

  afterAll(async () => {
    await smtp.stop();
    delete process.env.SMTP_URL;
    delete process.env.MAIL_TO;
    setStore(undefined);
  });

  beforeEach(async () => {
    clock = new Date('2026-12-01T09:00:00Z');
    crm = await OmnicasaDouble.start({ clock: now });
    store = await database.open();
    setStore(store);
    varDir = mkdtempSync(path.join(tmpdir(), 'refusal-var-'));
    publicDir = mkdtempSync(path.join(tmpdir(), 'refusal-public-'));
  });

  afterEach(async () => {
    await crm.close();
    rmSync(varDir, { recursive: true, force: true });
    rmSync(publicDir, { recursive: true, force: true });
  });

  it('mails once per record and problem, again for a new problem, and again once a corrected record breaks again', async () => {
    await pull();
    expect(await mailed()).toEqual([]);

    later(10);
    crm.changeProperty(4000003, { Price: 'abc' });
    crm.copyProperty(4000012, { ID: 4000902, Goal: 7 });
    expect((await pull()).counts.refused).toBe(2);
    const first = await mailed();
    expect(first).toHaveLength(1);
    expect(first[0]?.to).toEqual([agency]);
    // check:data's words: file, record, field, message; one line for the four languages.
    expect(first[0]?.body).toMatch(/data\/catalogue\/properties\.json › ID 4000003 \((nl|fr|en|de)(, (nl|fr|en|de)){3}\) › field Price: /);
    expect(first[0]?.body).toContain('data/catalogue/properties.json › ID 4000902');
    expect(first[0]?.body).toContain('field Goal');

    // The same problems in the next runs: nothing more.
    later(10);
    await pull();
    later(10);
    await pull();
    expect(await mailed()).toEqual([]);

    // A new problem of a record already refused is told, alone.
    later(10);
    crm.changeProperty(4000003, { Price: 'abc', Zip: 12 });
    await pull();
    const second = await mailed();
    expect(second).toHaveLength(1);
    expect(second[0]?.body).toContain('ID 4000003');
    expect(second[0]?.body).toContain('field Zip');
    expect(second[0]?.body).not.toContain('field Price');
    expect(second[0]?.body).not.toContain('ID 4000902');

    // Corrected: published, and forgotten; broken again: told again.
    later(10);
    crm.changeProperty(4000003, { Price: original?.Price ?? 0, Zip: original?.Zip ?? '' });
    const fixed = await pull();
    expect(fixed.counts.refused).toBe(1);
    expect(await mailed()).toEqual([]);
    later(10);
    crm.changeProperty(4000003, { Price: 'abc' });
    await pull();
    const again = await mailed();
    expect(again).toHaveLength(1);
    expect(again[0]?.body).toContain('ID 4000003');
    expect(again[0]?.body).toContain('field Price');
    expect(again[0]?.body).not.toContain('ID 4000902');
  });

  it('a record corrected before the mail goes out is not told', async () => {
    await pull();
    later(10);
    crm.changeProperty(4000003, { Price: 'abc' });
    await pull();
    later(10);
    crm.changeProperty(4000003, { Price: original?.Price ?? 0 });
    await pull();
    expect(await mailed()).toEqual([]);
    const jobs = await store.db.selectFrom('outbox').select(['kind', 'status']).execute();
    expect(jobs).toEqual([{ kind: 'catalogue-refusals', status: 'delivered' }]);
  });
});
