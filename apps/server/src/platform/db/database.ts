import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** The PostgreSQL driver is loaded only when configured: one machine on SQLite starts faster without it. */
export async function createDatabase(database: Config['database']): Promise<Db> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database.url, max: 20 });
    // An idle connection the server closes (restart, failover) is replaced on the next query; it must not end the process.
    pool.on('error', (err) => console.error(JSON.stringify({ level: 40, time: Date.now(), msg: 'PostgreSQL closed an idle connection', err: err.message })));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  // WAL lets readers run while a writer commits; NORMAL sync is durable at every checkpoint and safe with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
