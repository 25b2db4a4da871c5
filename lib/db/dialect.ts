import type { Client, InValue, Transaction } from '@libsql/client';
import { CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult } from 'kysely';

/*
 * A Kysely dialect over @libsql/client. Kysely builds and types the queries; libsql runs them.
 *
 * A Kysely transaction is a libsql `transaction('write')`: libsql lends it a connection of its own
 * (see ConnectionPool in @libsql/client's sqlite3.js) and starts it with BEGIN IMMEDIATE, so the
 * statements of other requests never land inside it.
 *
 * One connection is lent at a time, as Kysely's own SQLite driver does. libsql runs each statement
 * synchronously: a second write transaction of this process would wait for the database's write
 * lock inside that synchronous call, blocking the event loop the first transaction needs to
 * finish, until the busy timeout failed it. SQLite has one writer anyway; waiting here costs
 * nothing and other processes (npm run owner) still meet the busy timeout.
 */

class ConnectionMutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class LibsqlConnection implements DatabaseConnection {
  #transaction: Transaction | undefined;
  constructor(private readonly client: Client) {}

  async begin(): Promise<void> {
    this.#transaction = await this.client.transaction('write');
  }

  async commit(): Promise<void> {
    const transaction = this.#take();
    await transaction.commit();
  }

  async rollback(): Promise<void> {
    // Kysely rolls back after any failure, also one of BEGIN (the file locked by another process
    // beyond the busy timeout): then there is nothing to roll back, and the BEGIN's error is the one to see.
    const transaction = this.#transaction;
    this.#transaction = undefined;
    await transaction?.rollback();
  }

  /** Gives back a transaction left open (rolled back by libsql). */
  release(): void {
    this.#transaction?.close();
    this.#transaction = undefined;
  }

  #take(): Transaction {
    const transaction = this.#transaction;
    if (!transaction) throw new Error('no transaction is open on this connection');
    this.#transaction = undefined;
    return transaction;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = { sql: query.sql, args: query.parameters as InValue[] };
    const result = await (this.#transaction ?? this.client).execute(statement);
    return {
      rows: result.rows.map((row) => ({ ...row }) as R),
      numAffectedRows: BigInt(result.rowsAffected),
      insertId: result.lastInsertRowid,
    };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; this dialect has no stream to yield from
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the libsql dialect');
  }
}

class LibsqlDriver implements Driver {
  readonly #connection: LibsqlConnection;
  readonly #mutex = new ConnectionMutex();
  constructor(private readonly client: Client) {
    this.#connection = new LibsqlConnection(client);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await libsqlConnection(connection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await libsqlConnection(connection).commit();
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await libsqlConnection(connection).rollback();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    libsqlConnection(connection).release();
    this.#mutex.unlock();
  }
  async destroy(): Promise<void> {
    this.client.close();
  }
}

function libsqlConnection(connection: DatabaseConnection): LibsqlConnection {
  if (!(connection instanceof LibsqlConnection)) throw new Error('not a connection of the libsql driver');
  return connection;
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
