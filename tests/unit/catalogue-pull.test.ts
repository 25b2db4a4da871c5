import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentCatalogueDir } from '@/lib/catalogue/crm/catalogue-folder';
import { OmnicasaConnector } from '@/lib/catalogue/crm/omnicasa-connector';
import { pullCatalogue, type PullResult } from '@/lib/catalogue/crm/pull';
import { readCatalogue } from '@/lib/catalogue/load';
import { catalogueLanguages, type Property } from '@/lib/catalogue/schemas';
import { recentCatalogueRuns, takeLock, type Store } from '@/lib/db';
import { OmnicasaDouble } from '../crm-double/omnicasa-double';
import { snapshotRecords } from '../crm-double/snapshot-seed';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * The pull against the loopback Omnicasa double (never a real CRM): the first run full, the next
 * ones incremental; every fault leaves the published catalogue's files as they were and the cursor
 * where it was, and is recorded for staff.
 */

const catalogueFiles = ['properties.json', 'types.json', 'cities.json', 'projects.json', 'appointment-slots.json', 'owners.json'];
const callTimeoutMs = 5_000;

describe.each(testDatabases)('catalogue pull on $name', (database) => {
  afterAll(closeOpenedStores);

  let crm: OmnicasaDouble;
  let store: Store;
  let varDir: string;
  let publicDir: string;
  let clock = new Date('2026-12-01T09:00:00Z');
  const now = () => clock;

  const connector = (password = crm.customerPassword) =>
    new OmnicasaConnector(
      { baseUrl: crm.baseUrl, customerName: crm.customerName, customerPassword: password, languages: [...catalogueLanguages] },
      { cdnHost: '', legacyHosts: [] },
      { timeoutMs: callTimeoutMs },
    );
  const pull = (options: { full?: boolean; password?: string } = {}) => pullCatalogue({ store, connector: connector(options.password), full: options.full, now, varDir, publicDir });

  /** The published catalogue's files, byte for byte. */
  const files = () => {
    const dir = currentCatalogueDir(varDir);
    if (!dir) return undefined;
    return Object.fromEntries(catalogueFiles.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
  };
  const pulledProperties = (): Property[] => JSON.parse(readFileSync(path.join(currentCatalogueDir(varDir) ?? '', 'properties.json'), 'utf8')) as Property[];
  const published = (result: PullResult) => {
    if (result.status !== 'published' && result.status !== 'unchanged') throw new Error(`expected a good run, got ${JSON.stringify(result)}`);
    return result;
  };

  beforeEach(async () => {
    clock = new Date('2026-12-01T09:00:00Z');
    crm = await OmnicasaDouble.start({ clock: now });
    store = await database.open();
    varDir = mkdtempSync(path.join(tmpdir(), 'pull-var-'));
    publicDir = mkdtempSync(path.join(tmpdir(), 'pull-public-'));
  });

  afterEach(async () => {
    vi.useRealTimers();
    await crm.close();
    rmSync(varDir, { recursive: true, force: true });
    rmSync(publicDir, { recursive: true, force: true });
  });

  it('pulls the seeded snapshot whole: readCatalogue accepts it and every listing matches the bundled one in every language', async () => {
    const result = published(await pull());
    expect(result.kind).toBe('full');
    expect(result.counts).toEqual({ added: 57, changed: 0, withdrawn: 0, refused: 0 });
    const dir = currentCatalogueDir(varDir) ?? '';
    const checked = readCatalogue(dir, { publicDir });
    expect(checked.ok ? [] : checked.issues).toEqual([]);
    const facts = (records: readonly Property[]) =>
      records.map((p) => [p.ID, p.language, p.Price, p.Goal, p.Status, p.Zip, p.City, p.PublishPrice, p.Marquee, p.ProjectID ?? null, p.Documents.length, p.XLargePictureItems.length]).sort();
    expect(facts(pulledProperties())).toEqual(facts(snapshotRecords().properties));
    // Pictures are the site's own files now, named by content.
    const first = pulledProperties()[0];
    expect(first?.XLargePictureItem?.Url).toMatch(/^\/catalogue\/crm\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    const runs = await recentCatalogueRuns(store, 5);
    expect(runs[0]).toMatchObject({ status: 'published', kind: 'full', added: 57, cursor_before: null });
    expect(runs[0]?.cursor_after).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('an incremental pull after 10 changes changes exactly those listings, and a pull with nothing new publishes nothing', async () => {
    published(await pull());
    const before = files();
    clock = new Date('2026-12-01T09:10:00Z');
    crm.copyProperty(4000012, { ID: 4000900 });
    crm.copyProperty(4000013, { ID: 4000901 });
    crm.changeProperty(4000010, { Price: 199000 });
    crm.changeProperty(4000014, { Price: 150000 });
    crm.changeProperty(4000015, { Price: 99000 });
    const active = [
      ...new Set(
        snapshotRecords()
          .properties.filter((p) => p.Status === 1 && p.Goal === 0 && p.ID > 4000015 && !p.ProjectID)
          .map((p) => p.ID),
      ),
    ].slice(0, 3);
    for (const id of active) crm.setStatus(id, 2);
    crm.deleteProperty(4000020);
    crm.deleteProperty(4000021);
    const result = published(await pull());
    expect(result.kind).toBe('incremental');
    const changes = JSON.parse(readFileSync(path.join(currentCatalogueDir(varDir) ?? '', 'changes.json'), 'utf8')) as { added: number[]; changed: number[]; withdrawn: number[] };
    expect(changes.added.sort()).toEqual([4000900, 4000901]);
    expect(changes.changed.sort()).toEqual([4000010, 4000014, 4000015, ...active].sort());
    expect(changes.withdrawn.sort()).toEqual([4000020, 4000021]);
    expect(result.counts).toEqual({ added: 2, changed: 6, withdrawn: 2, refused: 0 });
    const after = pulledProperties();
    expect(after.filter((p) => p.ID === 4000010).map((p) => p.Price)).toEqual([199000, 199000, 199000, 199000]);
    expect(after.filter((p) => p.ID === active[0]).map((p) => p.Status)).toEqual([2, 2, 2, 2]);
    expect(files()?.['properties.json']).not.toBe(before?.['properties.json']);
    // Only the listings read: the double saw GetPropertyList with ChangeSince, not a full read.
    expect(
      crm.calls
        .filter((call) => call.endpoint === 'GetPropertyList')
        .at(-1)
        ?.params.has('ChangeSince'),
    ).toBe(true);
    const settled = files();
    clock = new Date('2026-12-01T09:20:00Z');
    const again = published(await pull());
    expect(again.status).toBe('unchanged');
    expect(files()).toEqual(settled);
  });

  it("a listing read again in the cursor's overlap counts once when it changed, and as unchanged after, even answered with its fields in another order", async () => {
    published(await pull());
    clock = new Date('2026-12-01T09:10:00Z');
    crm.changeProperty(4000010, { Price: 199000 });
    const changed = published(await pull());
    expect(changed.counts).toEqual({ added: 0, changed: 1, withdrawn: 0, refused: 0 });
    const settled = files();
    // The cursor steps back over the change: the next runs read 4000010 again, unchanged.
    clock = new Date('2026-12-01T09:12:00Z');
    const again = published(await pull());
    expect(
      crm.calls
        .filter((call) => call.endpoint === 'GetPropertiesByIDs' || call.endpoint === 'GetPropertyList')
        .at(-1)
        ?.params.has('ChangeSince'),
    ).toBe(true);
    expect([again.status, again.counts]).toEqual(['unchanged', { added: 0, changed: 0, withdrawn: 0, refused: 0 }]);
    crm.reorderFields(4000010);
    clock = new Date('2026-12-01T09:13:00Z');
    const reordered = published(await pull());
    expect([reordered.status, reordered.counts]).toEqual(['unchanged', { added: 0, changed: 0, withdrawn: 0, refused: 0 }]);
    expect(files()).toEqual(settled);
  });

  describe('a CRM fault leaves the catalogue as it was, is recorded, and does not move the cursor', () => {
    const faults: Array<[string, (double: OmnicasaDouble) => void]> = [
      ['HTTP 503', (double) => double.setFault('GetPropertyList', { kind: 'http', status: 503 })],
      ['Success:false, Code 600', (double) => double.setFault('GetPropertyList', { kind: 'error600' })],
      ['wrong credentials', (double) => double.setFault('ValidateCustomer', { kind: 'wrongCredentials' })],
    ];
    it.each(faults)('%s', async (_name, fault) => {
      published(await pull({ full: true }));
      const before = files();
      const good = (await recentCatalogueRuns(store, 1))[0];
      clock = new Date('2026-12-01T09:10:00Z');
      crm.changeProperty(4000010, { Price: 199000 });
      fault(crm);
      const result = await pull();
      expect(result.status).toBe('failed');
      expect(files()).toEqual(before);
      const [failed] = await recentCatalogueRuns(store, 1);
      expect(failed).toMatchObject({ status: 'failed', cursor_before: good?.cursor_after, cursor_after: good?.cursor_after });
      expect(JSON.parse(failed?.errors ?? '[]')).toHaveLength(1);
      expect(failed?.errors).not.toContain(crm.customerPassword);
      // The next run resumes from the last good cursor and publishes the change.
      crm.clearFaults();
      const next = published(await pull());
      expect(next.counts.changed).toBeGreaterThanOrEqual(1);
      expect((await recentCatalogueRuns(store, 1))[0]?.cursor_before).toBe(good?.cursor_after);
    });

    it('a read whose connection closes with no answer is asked once more at once: one dropped answer does not fail the pull', async () => {
      published(await pull());
      crm.changeProperty(crm.propertyIds()[0] ?? 0, { Price: 123_456 });
      crm.setFault('GetPropertyList', { kind: 'dropped' }, { times: 1 });
      const result = published(await pull());
      expect(result.counts.changed).toBeGreaterThanOrEqual(1);
      expect(crm.calls.filter((call) => call.endpoint === 'GetPropertyList' && call.fault === 'dropped')).toHaveLength(1);
      // Twice in a row is the CRM being away: the run fails and the next one resumes.
      crm.setFault('GetPropertyList', { kind: 'dropped' }, { times: 2 });
      const failed = await pull();
      expect(failed.status === 'failed' ? failed.error : failed.status).toContain('could not be reached');
    });

    it('a call that never answers times out (fake clock)', async () => {
      published(await pull());
      const before = files();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      crm.setFault('GetPropertyList', { kind: 'timeout' }, { times: 1 });
      const running = pull();
      await crm.whenHeld();
      vi.advanceTimersByTime(callTimeoutMs + 1);
      const result = await running;
      expect(result.status === 'failed' ? result.error : result.status).toContain('no answer within 5 s');
      expect(files()).toEqual(before);
    });

    it('wrong credentials never reach the error text', async () => {
      const result = await pull({ password: 'not-the-password' });
      expect(result.status).toBe('failed');
      const [run] = await recentCatalogueRuns(store, 1);
      expect(run?.errors).toContain('refused the customer name or password');
      expect(run?.errors).not.toContain('not-the-password');
      expect(currentCatalogueDir(varDir)).toBeUndefined();
    });
  });

  it('rows shifting twice while a full pull pages them fail the run and leave the catalogue as it was', async () => {
    published(await pull());
    const before = files();
    crm.setFault('GetPropertyList', { kind: 'shiftRows', change: 'insert' }, { calls: [2, 4] });
    const result = await pull({ full: true });
    expect(result.status === 'failed' ? result.error : result.status).toContain('rows changed while they were being paged');
    expect(files()).toEqual(before);
  });

  it('rows shifting once restart the paging and the run succeeds', async () => {
    crm.setFault('GetPropertyList', { kind: 'shiftRows', change: 'insert' }, { calls: [2] });
    const result = published(await pull());
    expect(result.counts.added).toBe(58);
  });

  it('an invalid record keeps its last good version and is reported in check:data words; a new invalid one stays unpublished', async () => {
    published(await pull());
    const before = files();
    clock = new Date('2026-12-01T09:10:00Z');
    crm.changeProperty(4000003, { Price: 'abc' });
    crm.copyProperty(4000012, { ID: 4000902, Goal: 7 });
    const result = published(await pull());
    expect(result.counts.refused).toBe(2);
    expect(files()).toEqual(before);
    const fields = result.refusals.filter((issue) => issue.severity !== 'warning').map((issue) => [issue.file, issue.record?.label?.split(',')[0], issue.field]);
    expect(fields).toContainEqual(['data/catalogue/properties.json', 'ID 4000003', 'Price']);
    expect(fields).toContainEqual(['data/catalogue/properties.json', 'ID 4000902', 'Goal']);
    const [run] = await recentCatalogueRuns(store, 1);
    expect(run?.refused).toBe(2);
    expect(JSON.parse(run?.refusals ?? '[]')).toContainEqual(expect.objectContaining({ field: 'Price', record: expect.objectContaining({ label: 'ID 4000003, de' }) }));
  });

  it.each([
    ['missing', { kind: 'missing' as const }, 'HTTP 404'],
    ['50 MB', { kind: 'huge' as const }, 'larger than 15 MB'],
  ])('a %s picture is reported and skipped: the listing keeps its last good picture, and the next pull fetches it again', async (_name, fault, words) => {
    published(await pull());
    const before = files();
    clock = new Date('2026-12-01T09:10:00Z');
    const { smallUrl, largeUrl } = await crm.changePicture(4000001, 102);
    crm.setPictureFault(smallUrl, fault);
    crm.setPictureFault(largeUrl, fault);
    const result = published(await pull());
    expect(files()).toEqual(before);
    expect(result.refusals.map((issue) => issue.message).join('\n')).toContain(words);
    const [run] = await recentCatalogueRuns(store, 1);
    expect(JSON.parse(run?.retry_ids ?? '[]')).toContain(4000001);
    crm.clearFaults();
    clock = new Date('2026-12-01T09:20:00Z');
    const fixed = published(await pull());
    expect(fixed.counts.changed).toBe(1);
    expect(readdirSync(path.join(publicDir, 'catalogue', 'crm')).length).toBeGreaterThan(0);
  });

  it('a second pull while one holds the lock exits, saying who holds it', async () => {
    const taken = await takeLock(store, 'catalogue-pull', 'cron on web-2 pid 4242', 60_000, clock);
    expect(taken.ok).toBe(true);
    const result = await pull();
    expect(result).toMatchObject({ status: 'locked', holder: 'cron on web-2 pid 4242' });
    expect(crm.calls).toHaveLength(0);
    expect(await recentCatalogueRuns(store, 1)).toEqual([]);
  });
});
