import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { closeStore, createOwnerToken, enqueueJob, openStore, recordVisit, storeRequest, type Store } from '@/lib/db';
import { copyDatabase } from '@/lib/db/copy';
import { freshPostgresUrl, runSql } from './test-stores';

/*
 * npm run db:copy: an agency's SQLite database moved into an empty database (PostgreSQL when the
 * tests have one, else another SQLite file), every row, and the counts checked.
 */

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function sqliteFile(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-copy-'));
  dirs.push(dir);
  return `file:${path.join(dir, 'site.db')}`;
}

const targetUrl = () => (process.env.TEST_POSTGRES_URL ? freshPostgresUrl() : sqliteFile());

async function fill(store: Store): Promise<void> {
  const stored = await storeRequest(
    store,
    { form: 'contact-appointment', lang: 'fr', propertyId: 4000001, email: 'marie@example.be', name: 'Marie', payload: { remark: 'Été' }, jobs: ['agency-mail', 'visitor-mail'] },
    { booking: { slotId: 3, capacity: 4, bookedElsewhere: 0, perEmail: 1 } },
  );
  expect(stored.status).toBe('stored');
  await storeRequest(store, {
    form: 'site-contact',
    lang: 'nl',
    email: 'jan@example.be',
    payload: {},
    uploads: [{ field: 'attachment', file_name: 'plan.pdf', mime: 'application/pdf', size: 1234, path: 'var/uploads/plan.pdf' }],
    jobs: ['agency-mail'],
  });
  await enqueueJob(store, 'owner-reset', { email: 'owner@example.be', language: 'nl' });
  await createOwnerToken(store, 'owner@example.be', 'invite', 60_000);
  await recordVisit(store, 4000001, '2026-11-25', 'visitor');
}

describe('npm run db:copy', () => {
  it('copies every row into an empty database and reads them back the same', async () => {
    const from = await openStore(await sqliteFile());
    const to = await openStore(await targetUrl());
    try {
      await fill(from);
      const counts = await copyDatabase(from, to);
      expect(counts.every((count) => count.from === count.to)).toBe(true);
      expect(Object.fromEntries(counts.filter((count) => count.to > 0).map((count) => [count.table, count.to]))).toEqual({
        requests: 2,
        uploads: 1,
        bookings: 1,
        outbox: 4,
        owner_tokens: 1,
        visit_counts: 1,
        visitor_days: 1,
      });
      const rows = (store: Store) => store.db.selectFrom('requests').selectAll().orderBy('id').execute();
      expect(await rows(to)).toEqual(await rows(from));
      const uploads = (store: Store) => store.db.selectFrom('uploads').selectAll().execute();
      expect(await uploads(to)).toEqual(await uploads(from));
      // Copying twice would double the agency's requests: a database with rows is refused.
      await expect(copyDatabase(from, to)).rejects.toThrow(/not empty/);
    } finally {
      await closeStore(from);
      await closeStore(to);
    }
  });

  it('prints the counts and exits 0 from the command line, 1 when it cannot copy', async () => {
    const fromUrl = await sqliteFile();
    const from = await openStore(fromUrl);
    await fill(from);
    await closeStore(from);
    const toUrl = await targetUrl();
    const copied = await run(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', '--from', fromUrl, '--to', toUrl]);
    expect(copied.stdout).toMatch(/^requests\s+2\s+2$/m);
    expect(copied.stdout).toMatch(/every table's count matches/);
    const again = await run(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', '--from', fromUrl, '--to', toUrl]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
    const to = await openStore(toUrl);
    try {
      expect((await runSql<{ n: number }>(to, 'SELECT COUNT(*) AS n FROM requests'))[0]?.n).toBe(2);
    } finally {
      await closeStore(to);
    }
  });
});
