import type { Store } from './client';
import type { CatalogueRunRow } from './schema';

/*
 * The pull's lock and its run records (lib/catalogue/crm/pull.ts). The lock is a row with a lease:
 * taken by one statement that only succeeds when the row is free or its lease ran out, so two
 * instances (or a cron and a person) never pull at once, and a process that died frees it when
 * its lease ends.
 */

export type LockResult = { ok: true } | { ok: false; holder: string; since: string; until: string };

export async function takeLock(store: Store, name: string, holder: string, leaseMs: number, now = new Date()): Promise<LockResult> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  await store.db
    .insertInto('catalogue_lock')
    .values({ name, holder, acquired_at: at, lease_until: until })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const taken = await store.db
    .updateTable('catalogue_lock')
    .set({ holder, acquired_at: at, lease_until: until })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('lease_until', '<', at)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return { ok: true };
  const row = await store.db.selectFrom('catalogue_lock').selectAll().where('name', '=', name).executeTakeFirst();
  return { ok: false, holder: row?.holder ?? 'another process', since: row?.acquired_at ?? at, until: row?.lease_until ?? at };
}

/** Extends the lease while the run works; false when another process took the lock meanwhile (our lease ran out). */
export async function renewLock(store: Store, name: string, holder: string, leaseMs: number, now = new Date()): Promise<boolean> {
  const result = await store.db
    .updateTable('catalogue_lock')
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLock(store: Store, name: string, holder: string): Promise<void> {
  await store.db.deleteFrom('catalogue_lock').where('name', '=', name).where('holder', '=', holder).execute();
}

export type NewCatalogueRun = Pick<CatalogueRunRow, 'id' | 'source' | 'kind' | 'started_at' | 'cursor_before'>;

export async function startCatalogueRun(store: Store, run: NewCatalogueRun): Promise<void> {
  await store.db
    .insertInto('catalogue_runs')
    .values({ ...run, status: 'running', ended_at: null, cursor_after: null, version: null, added: 0, changed: 0, withdrawn: 0, refused: 0, errors: '[]', refusals: '[]', retry_ids: '[]', reconciled_at: null })
    .execute();
}

export type CatalogueRunEnd = Pick<CatalogueRunRow, 'status' | 'ended_at' | 'cursor_after' | 'version' | 'added' | 'changed' | 'withdrawn' | 'refused' | 'reconciled_at'> & {
  errors: readonly string[];
  refusals: readonly unknown[];
  retryIds: readonly number[];
};

export async function endCatalogueRun(store: Store, id: string, end: CatalogueRunEnd): Promise<void> {
  const { errors, refusals, retryIds, ...columns } = end;
  await store.db
    .updateTable('catalogue_runs')
    .set({ ...columns, errors: JSON.stringify(errors), refusals: JSON.stringify(refusals), retry_ids: JSON.stringify(retryIds) })
    .where('id', '=', id)
    .execute();
}

/** The last run that left a good catalogue (published a version or found nothing to change): where the next run resumes. */
export async function lastGoodCatalogueRun(store: Store, source: string): Promise<CatalogueRunRow | undefined> {
  return store.db
    .selectFrom('catalogue_runs')
    .selectAll()
    .where('source', '=', source)
    .where('status', 'in', ['published', 'unchanged'])
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The version the newest published run names, from any source: how an instance learns of a new
 * version where the shared disk's file times lag (lib/server/catalogue-reload.ts).
 */
export async function newestPublishedVersion(store: Store): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('catalogue_runs')
    .select('version')
    .where('status', '=', 'published')
    .where('version', 'is not', null)
    .orderBy('ended_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.version ?? undefined;
}

/** When every current ID was last compared with the CRM. */
export async function lastReconciliation(store: Store, source: string): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('catalogue_runs')
    .select('reconciled_at')
    .where('source', '=', source)
    .where('reconciled_at', 'is not', null)
    .orderBy('reconciled_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.reconciled_at ?? undefined;
}

export async function recentCatalogueRuns(store: Store, limit: number): Promise<CatalogueRunRow[]> {
  return store.db.selectFrom('catalogue_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
