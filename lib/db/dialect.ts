import type { Client, InValue } from '@libsql/client';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/*
 * A Kysely dialect over one @libsql/client connection. Kysely builds and types the queries; libsql
 * runs them. Interactive transactions are refused on purpose: on a shared connection a BEGIN from
 * one request would swallow the statements of another. Atomic groups go through `runBatch`, which
 * libsql executes as one transaction.
 */

class LibsqlConnection implements DatabaseConnection {
  constructor(private readonly client: Client) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.execute({ sql: query.sql, args: query.parameters as InValue[] });
    return {
      rows: result.rows.map((row) => ({ ...row }) as R),
      numAffectedRows: BigInt(result.rowsAffected),
      insertId: result.lastInsertRowid,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the libsql dialect');
  }
}

class LibsqlDriver implements Driver {
  private readonly connection: LibsqlConnection;
  constructor(client: Client) {
    this.connection = new LibsqlConnection(client);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('use runBatch for atomic writes; interactive transactions would interleave on the shared connection');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

export class LibsqlDialect implements Dialect {
  constructor(private readonly client: Client) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new LibsqlDriver(this.client);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/** Runs compiled queries as one write transaction; returns the rows affected by each. */
export async function runBatch(client: Client, queries: readonly CompiledQuery[]): Promise<number[]> {
  const results = await client.batch(
    queries.map((query) => ({ sql: query.sql, args: query.parameters as InValue[] })),
    'write',
  );
  return results.map((result) => result.rowsAffected);
}
