import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { closeStore, openStore, type Store } from '@/lib/db';

/*
 * The databases the database tests run against: SQLite always, PostgreSQL when TEST_POSTGRES_URL
 * is set (npm test starts one: scripts/postgres-test-server.sh). Each store opened is a fresh
 * database: SQLite in memory, PostgreSQL a new schema of its own (search_path), so tests and
 * test files running at once never see each other's rows.
 */

export type TestDatabase = { name: 'sqlite' | 'postgres'; open: () => Promise<Store> };

const postgresUrl = process.env.TEST_POSTGRES_URL;

/** A URL of the test server whose connections see only a new, empty schema. */
export async function freshPostgresUrl(url = postgresUrl): Promise<string> {
  if (!url) throw new Error('TEST_POSTGRES_URL is not set');
  const schema = `test_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.searchParams.set('options', `-c search_path=${schema}`);
  return fresh.toString();
}

const opened: Store[] = [];
const remember = (store: Store) => {
  opened.push(store);
  return store;
};

export const testDatabases: TestDatabase[] = [
  { name: 'sqlite', open: async () => remember(await openStore('file::memory:')) },
  ...(postgresUrl ? [{ name: 'postgres' as const, open: async () => remember(await openStore(await freshPostgresUrl())) }] : []),
];

/** Closes the stores opened so far (a file's afterAll): PostgreSQL's connections are few. */
export async function closeOpenedStores(): Promise<void> {
  await Promise.allSettled(opened.splice(0).map((store) => closeStore(store)));
}

/** Runs one SQL text (a test's setup or probe) and returns its rows. */
export async function runSql<R = Record<string, unknown>>(store: Store, text: string): Promise<R[]> {
  return (await sql.raw<R>(text).execute(store.db)).rows;
}
