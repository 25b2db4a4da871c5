import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { LibsqlDialect } from './dialect';
import { migrate } from './migrate';
import type { Database } from './schema';

/** Which server the store speaks to: the few queries that differ between them ask (lib/db only). */
type DatabaseKind = 'sqlite' | 'postgres';

/** A database: Kysely over SQLite (libsql) or PostgreSQL (pg). Nothing outside lib/db sees the driver. */
export type Store = { db: Kysely<Database>; kind: DatabaseKind };

/** The embedded default; DATABASE_URL picks another file (or a libsql server), or PostgreSQL. */
export const defaultDatabaseUrl = 'file:var/site.db';

const busyTimeoutMs = 5000;
/** Connections per process to PostgreSQL; with several instances, their sum must stay under the server's max_connections. */
const postgresPoolSize = Number(process.env.DATABASE_POOL_SIZE) || 10;

const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

function prepareLocalFile(url: string): void {
  if (!url.startsWith('file:') || url === 'file::memory:') return;
  const file = url.slice('file:'.length);
  mkdirSync(/* turbopackIgnore: true */ path.dirname(path.resolve(/* turbopackIgnore: true */ file)), { recursive: true });
}

/*
 * pg returns BIGINT (COUNT(*), SUM of integers) and NUMERIC as strings, to keep every digit. The
 * site's counts and sums are far below 2^53: read as numbers, as SQLite gives them.
 */
const numberTypes = new Set<number>([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const postgresTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (numberTypes.has(oid) ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

async function openSqlite(url: string): Promise<Store> {
  prepareLocalFile(url);
  // The client keeps a pool of connections: the busy timeout (waiting out a short lock held by
  // another process, such as `npm run owner`) must be given here to reach every one of them; a
  // PRAGMA busy_timeout reached only the connection that ran it, and the others failed at once.
  const client = createClient({ url, timeout: busyTimeoutMs });
  // WAL (stored in the file, so once is enough) lets `npm run leads` read while the site writes.
  if (url.startsWith('file:') && url !== 'file::memory:') await client.execute('PRAGMA journal_mode = WAL');
  return { db: new Kysely<Database>({ dialect: new LibsqlDialect(client) }), kind: 'sqlite' };
}

function openPostgres(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: postgresPoolSize, types: postgresTypes });
  // An idle connection the server closed (a restart, a failover) is dropped by the pool; without a
  // listener its error would stop the process.
  pool.on('error', (error) => console.error('[db] an idle PostgreSQL connection failed', error.message));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
}

/** Opens a database and brings its schema up to date. */
export async function openStore(url: string): Promise<Store> {
  const store = isPostgresUrl(url) ? openPostgres(url) : await openSqlite(url);
  try {
    await migrate(store);
  } catch (error) {
    await store.db.destroy();
    throw error;
  }
  return store;
}

/** Closes the store's connections (scripts and tests; the site keeps its store for its life). */
export async function closeStore(store: Store): Promise<void> {
  await store.db.destroy();
}

const globalStore = globalThis as typeof globalThis & { __agencyStore?: Promise<Store> };

/** The site's database, opened once per process. */
export function getStore(): Promise<Store> {
  globalStore.__agencyStore ??= openStore(process.env.DATABASE_URL || defaultDatabaseUrl).catch((error: unknown) => {
    globalStore.__agencyStore = undefined;
    throw error;
  });
  return globalStore.__agencyStore;
}

/** For tests: make the process use this store. */
export function setStore(store: Store | undefined): void {
  globalStore.__agencyStore = store ? Promise.resolve(store) : undefined;
}
