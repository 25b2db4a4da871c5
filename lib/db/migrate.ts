import { sql } from 'kysely';
import type { Store } from './client';
import { migrations } from './migrations';

/** Any fixed number: the key of the advisory lock the migrations of every instance share. */
const migrationLockKey = 180_001;

/**
 * Applies the migrations not yet applied, in one transaction under a lock, so that several
 * processes starting at once on an empty database (two instances, a script) bring it to one
 * schema: the first applies them, the others wait, then find them applied. On PostgreSQL the lock
 * is a transaction-scoped advisory lock (DDL is transactional there: a failed migration leaves
 * nothing); on SQLite it is the write transaction's (BEGIN IMMEDIATE) lock on the file.
 */
export async function migrate(store: Store): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    if (store.kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(${migrationLockKey})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(trx);
    const rows = await sql<{ id: string }>`SELECT id FROM schema_migrations`.execute(trx);
    const applied = new Set(rows.rows.map((row) => row.id));
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.statements) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO schema_migrations (id, applied_at) VALUES (${migration.id}, ${new Date().toISOString()})`.execute(trx);
    }
  });
}
