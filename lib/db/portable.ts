import { sql, type CompiledQuery, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Store } from './client';
import type { Database } from './schema';

/*
 * The few things SQLite and PostgreSQL say differently, said once.
 */

/** A text field of a JSON text column (`payload`), as text. */
export function jsonText(store: Store, column: string, field: string): RawBuilder<string | null> {
  if (store.kind === 'postgres') return sql<string | null>`(${sql.ref(column)}::jsonb ->> ${field})`;
  return sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${field}`})`;
}

/**
 * Serializes the transactions that name the same key until they commit: the read-then-write
 * guards (a slot's places, an address's links) read what the one before wrote. PostgreSQL runs
 * them at READ COMMITTED, where two transactions would both read the state before either wrote:
 * a transaction-scoped advisory lock makes the second wait, then its next statement reads the
 * first one's rows. SQLite needs nothing: a write transaction holds the database's only write lock
 * from its BEGIN IMMEDIATE.
 */
export async function lockKeys(store: Store, trx: Transaction<Database>, ...keys: string[]): Promise<void> {
  if (store.kind !== 'postgres') return;
  // Always in the same order, so that two transactions locking the same two keys cannot deadlock.
  for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** Runs compiled queries in one transaction, in order; returns the rows each one changed. */
export async function runInTransaction(db: Kysely<Database>, queries: readonly CompiledQuery[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const affected: number[] = [];
    for (const query of queries) affected.push(Number((await trx.executeQuery(query)).numAffectedRows ?? 0));
    return affected;
  });
}
