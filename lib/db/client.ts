import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { Kysely } from 'kysely';
import { LibsqlDialect } from './dialect';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Store = { db: Kysely<Database>; client: Client };

/** The embedded default; DATABASE_URL picks another file (or a libsql server). */
export const defaultDatabaseUrl = 'file:var/site.db';

const busyTimeoutMs = 5000;

function prepareLocalFile(url: string): void {
  if (!url.startsWith('file:') || url === 'file::memory:') return;
  const file = url.slice('file:'.length);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
}

async function migrate(client: Client): Promise<void> {
  await client.execute('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set((await client.execute('SELECT id FROM schema_migrations')).rows.map((row) => String(row.id)));
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    // The statements and the record of the migration commit together, or not at all.
    await client.batch(
      [
        ...migration.statements,
        { sql: 'INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', args: [migration.id, new Date().toISOString()] },
      ],
      'write',
    );
  }
}

/** Opens a database and brings its schema up to date. */
export async function openStore(url: string): Promise<Store> {
  prepareLocalFile(url);
  // The client keeps a pool of connections: the busy timeout (waiting out a short lock held by
  // another process, such as `npm run owner`) must be given here to reach every one of them; a
  // PRAGMA busy_timeout reached only the connection that ran it, and the others failed at once.
  const client = createClient({ url, timeout: busyTimeoutMs });
  // WAL (stored in the file, so once is enough) lets `npm run leads` read while the site writes.
  if (url.startsWith('file:') && url !== 'file::memory:') await client.execute('PRAGMA journal_mode = WAL');
  await migrate(client);
  return { db: new Kysely<Database>({ dialect: new LibsqlDialect(client) }), client };
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
