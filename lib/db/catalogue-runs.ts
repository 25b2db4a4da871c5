import { randomUUID } from 'node:crypto';
import type { Store } from './client';
import { enqueueJob } from './outbox';
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
    .values({
      ...run,
      status: 'running',
      ended_at: null,
      cursor_after: null,
      version: null,
      added: 0,
      changed: 0,
      withdrawn: 0,
      refused: 0,
      errors: '[]',
      refusals: '[]',
      retry_ids: '[]',
      reconciled_at: null,
    })
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

/** One run by its ID: how the server's schedule reads the outcome of the pull it ran in a child process. */
export async function catalogueRun(store: Store, id: string): Promise<CatalogueRunRow | undefined> {
  return store.db.selectFrom('catalogue_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Ends as failed a run whose process stopped before it could (a signal, a crash, its time bound);
 * a run that ended on its own is left as it ended. True when it was still running.
 */
export async function abandonCatalogueRun(store: Store, id: string, error: string, now = new Date()): Promise<boolean> {
  const result = await store.db
    .updateTable('catalogue_runs')
    .set({ status: 'failed', ended_at: now.toISOString(), cursor_after: (eb) => eb.ref('cursor_before'), errors: JSON.stringify([error]) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

/** A refused record's problem: `problem` says which (a hash), `issue` what to tell staff (JSON). */
export type Problem = { problem: string; issue: string };

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on parameters. */
const noticeChunk = 500;

/**
 * The problems of a good run against those already mailed: the new ones get one outbox job (the
 * agency's mail, which reads them by its job ID when it is sent) and the ones no longer there are
 * forgotten, so that the same problem coming back later is mailed again. The pull's lock makes
 * this one run's at a time. Returns the job queued, if any, and how many were forgotten.
 */
export async function noticeProblems(store: Store, source: string, problems: readonly Problem[], now = new Date()): Promise<{ jobId?: string; fresh: number; cleared: number }> {
  const known = new Set((await store.db.selectFrom('catalogue_notices').select('problem').where('source', '=', source).execute()).map((row) => row.problem));
  const current = new Set(problems.map((problem) => problem.problem));
  const gone = [...known].filter((problem) => !current.has(problem));
  for (let start = 0; start < gone.length; start += noticeChunk) {
    await store.db
      .deleteFrom('catalogue_notices')
      .where('source', '=', source)
      .where('problem', 'in', gone.slice(start, start + noticeChunk))
      .execute();
  }
  const seen = new Set<string>();
  const fresh = problems.filter((problem) => !known.has(problem.problem) && !seen.has(problem.problem) && seen.add(problem.problem));
  if (fresh.length === 0) return { fresh: 0, cleared: gone.length };
  // The job first: a process that dies before the notices are written leaves a job that sends
  // nothing, and the next run finds the problems new again; never a notice that no mail carries.
  const jobId = await enqueueJob(store, 'catalogue-refusals', {}, now);
  const at = now.toISOString();
  for (let start = 0; start < fresh.length; start += noticeChunk) {
    await store.db
      .insertInto('catalogue_notices')
      .values(fresh.slice(start, start + noticeChunk).map((problem) => ({ id: randomUUID(), source, problem: problem.problem, issue: problem.issue, job_id: jobId, noticed_at: at })))
      .onConflict((conflict) => conflict.columns(['source', 'problem']).doNothing())
      .execute();
  }
  return { jobId, fresh: fresh.length, cleared: gone.length };
}

/** The problems a job mails that are still current (one corrected before its mail went out is not). */
export async function noticesOfJob(store: Store, jobId: string): Promise<string[]> {
  const rows = await store.db.selectFrom('catalogue_notices').select('issue').where('job_id', '=', jobId).orderBy('issue').execute();
  return rows.map((row) => row.issue);
}
