import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Connections a server keeps open at most to PostgreSQL. */
const POSTGRES_CONNECTIONS = 20;
/**
 * How long a query waits for a connection (a new one, or a turn in the pool's queue) before it fails and the
 * customer hears 503 with Retry-After (decision 092). A PostgreSQL that refuses connections fails at once
 * whatever this is; this bounds one that does not answer. Not shorter: a burst of hundreds of requests on
 * the pool's 20 connections queues for seconds and must still be served (300 upload creations at once
 * failed with 1 s).
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/** A PostgreSQL pool's connections now, for the operator's metrics; none on SQLite. */
export interface ConnectionPoolStats {
  /** Connections open, busy or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

const pools = new WeakMap<Db, () => ConnectionPoolStats>();
/** Per PostgreSQL database, how to open a connection of its own, outside the pool. */
const directConnections = new WeakMap<Db, () => Promise<import('pg').Client>>();

export const connectionPoolStats = (db: Db): ConnectionPoolStats | undefined => pools.get(db)?.();

/** The PostgreSQL driver is loaded only when configured: one machine on SQLite starts faster without it. */
export async function createDatabase(database: Config['database'], o: { postgresConnections?: number } = {}): Promise<Db> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database.url, max: o.postgresConnections ?? POSTGRES_CONNECTIONS, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
    // An idle connection the server closes (restart, failover) is replaced on the next query; it must not end the process.
    pool.on('error', (err) => console.error(JSON.stringify({ level: 40, time: Date.now(), msg: 'PostgreSQL closed an idle connection', err: err.message })));
    // Nor one closed while it is lent out between two statements (a transaction awaiting other work): the pool
    // takes its own listener off a lent connection, and an error event nobody hears ends the process. The next
    // statement on it fails and its caller hears that.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }));
    directConnections.set(db, async () => {
      const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS, query_timeout: POSTGRES_CONNECT_TIMEOUT_MS });
      await client.connect();
      return client;
    });
    return db;
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  // WAL lets readers run while a writer commits; NORMAL sync is durable at every checkpoint and safe with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Whether the database answers now, asked on a connection of its own: on PostgreSQL not one from the
 * customers' pool, whose queue under load says how busy this instance is, not whether the database is there
 * (decision 102). The connection is opened on the first check and again after any failure; `close` ends it.
 */
export function databaseCheck(db: Db): { check(): Promise<void>; close(): Promise<void> } {
  const connect = directConnections.get(db);
  if (!connect) return { check: async () => void (await sql`select 1`.execute(db)), close: async () => undefined };
  let client: Promise<import('pg').Client> | undefined;
  const drop = (stale: Promise<import('pg').Client>) => {
    if (client === stale) client = undefined;
    void stale.then((c) => c.end()).catch(() => undefined);
  };
  // An error on an idle connection (the server restarted) must not end the process; the next check reconnects.
  const open = () => {
    const opening = connect().then((connection) => connection.on('error', () => drop(opening)));
    return opening;
  };
  return {
    async check() {
      const current = (client ??= open());
      try {
        await (await current).query('select 1');
      } catch (err) {
        drop(current);
        throw err;
      }
    },
    async close() {
      if (client) drop(client);
    },
  };
}

/** Statements kept prepared; queries built with IN lists of many lengths make this many distinct texts at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs as much as running a small query. Statements are
 * reused by their SQL text, except one still being iterated, which gets a fresh statement.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * SQLite with transactions that take the write lock when they begin (BEGIN IMMEDIATE). A second process
 * writes the same file (decision 072): a deferred transaction that read first and then writes after the
 * other committed fails at once with "database is locked" instead of waiting its turn; one that begins
 * with the lock waits for it through the busy timeout.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const inner = super.createDriver();
    return {
      init: () => inner.init(),
      acquireConnection: () => inner.acquireConnection(),
      beginTransaction: async (connection: DatabaseConnection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      },
      commitTransaction: (connection) => inner.commitTransaction(connection),
      rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
      savepoint: inner.savepoint?.bind(inner),
      rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
      releaseSavepoint: inner.releaseSavepoint?.bind(inner),
      releaseConnection: (connection) => inner.releaseConnection(connection),
      destroy: () => inner.destroy(),
    };
  }
}
