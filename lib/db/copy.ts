import { sql } from 'kysely';
import type { Store } from './client';
import type { Database } from './schema';

/*
 * npm run db:copy: moves a database's rows into another, empty one (SQLite to PostgreSQL, when an
 * agency outgrows one server). Both are opened with openStore, so both carry every migration.
 */

type TableName = keyof Database;

/**
 * Every table, parents before the rows that point at them (PostgreSQL checks the foreign keys on
 * each insert). A Record, so that a table added to the schema without a place here fails the type check.
 */
const copyOrder: Record<TableName, number> = {
  requests: 0,
  uploads: 1,
  bookings: 1,
  document_requests: 1,
  outbox: 1,
  captcha_uses: 1,
  newsletter_signups: 1,
  request_confirmations: 1,
  owner_accounts: 1,
  owner_tokens: 1,
  owner_sessions: 1,
  owner_revocations: 1,
  login_failures: 1,
  visit_counts: 1,
  visitor_days: 1,
  alert_subscriptions: 1,
  catalogue_state: 1,
  alert_events: 2,
  searcher_accounts: 1,
  searcher_favourites: 1,
  rate_limits: 0,
  upload_contents: 0,
  mail_sends: 0,
  mail_refusals: 0,
  confirmed_mailboxes: 0,
  catalogue_runs: 0,
  catalogue_lock: 0,
  catalogue_notices: 0,
};

const isTable = (name: string): name is TableName => name in copyOrder;

const copiedTables = Object.keys(copyOrder)
  .filter(isTable)
  .sort((a, b) => (copyOrder[a] ?? 0) - (copyOrder[b] ?? 0) || a.localeCompare(b));

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table. */
const chunkRows = 500;

export type TableCount = { table: string; from: number; to: number };

async function countRows(store: Store, table: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(store.db);
  return Number(result.rows[0]?.n ?? 0);
}

/** SQLite gives BLOBs as ArrayBuffers; pg takes Buffers. */
const portableValue = (value: unknown) => (value instanceof ArrayBuffer ? Buffer.from(value) : value);

/**
 * Copies every table of `from` into `to` in one transaction of `to` (all rows or none), after
 * checking that `to` is empty and has the same migrations. Returns each table's row counts on both
 * sides, counted after the commit.
 */
export async function copyDatabase(from: Store, to: Store): Promise<TableCount[]> {
  const migrationsOf = async (store: Store) => (await sql<{ id: string }>`SELECT id FROM schema_migrations ORDER BY id`.execute(store.db)).rows.map((row) => row.id).join(',');
  if ((await migrationsOf(from)) !== (await migrationsOf(to))) throw new Error('the two databases do not have the same migrations: run the same version of the site on both');
  for (const table of copiedTables) {
    if ((await countRows(to, table)) > 0) throw new Error(`the target database is not empty (table ${table} has rows): copy into a new, empty database`);
  }
  await to.db.transaction().execute(async (trx) => {
    for (const table of copiedTables) {
      const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(from.db)).rows;
      for (let start = 0; start < rows.length; start += chunkRows) {
        const chunk = rows.slice(start, start + chunkRows);
        const columns = Object.keys(chunk[0] ?? {});
        const values = chunk.map((row) => sql`(${sql.join(columns.map((column) => portableValue(row[column])))})`);
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) VALUES ${sql.join(values)}`.execute(trx);
      }
    }
  });
  const counts: TableCount[] = [];
  for (const table of copiedTables) counts.push({ table, from: await countRows(from, table), to: await countRows(to, table) });
  return counts;
}
