import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { withAdmin } from '../../test/postgres-admin.js';
import { createDatabase, databaseCheck } from './database.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite database', () => {
  // A second process (a job process, decision 072) writes the same file: a transaction that only read so far
  // must already hold the write lock, else its first write after the other's commit fails at once.
  it('takes the write lock when a transaction begins, so another connection waits instead of slipping in', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-db-'));
    folders.push(dir);
    const file = path.join(dir, 'shoebox.db');
    const db = await createDatabase({ kind: 'sqlite', file });
    const other = new SqliteDatabase(file);
    try {
      await sql`create table t (n integer)`.execute(db);
      other.pragma('busy_timeout = 0');
      let refused: unknown;
      await db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        try {
          other.exec('begin immediate');
          other.exec('rollback');
        } catch (error) {
          refused = error;
        }
        await sql`insert into t (n) values (1)`.execute(trx);
      });
      expect(refused).toMatchObject({ code: 'SQLITE_BUSY' });
      // Once it committed, the other connection writes.
      other.exec('insert into t (n) values (2)');
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(2);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});

describe.each(databases.filter((kind) => kind.name === 'postgres'))('the readiness check on $name', (kind) => {
  skipTestsUnlessAvailable(kind);

  it("answers while every connection of the customers' pool is busy, and reconnects after its connection is ended", async () => {
    const database = await kind.create();
    const db = await createDatabase(loadConfig({ DATABASE_URL: database.url }).database, { postgresConnections: 1 });
    const readiness = databaseCheck(db);
    try {
      const busy = sql`select pg_sleep(3)`.execute(db).then(() => 'the busy query' as const);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await Promise.race([readiness.check().then(() => 'the check' as const), busy])).toBe('the check');
      await busy;

      const name = new URL(database.url).pathname.slice(1);
      await withAdmin((admin) => admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query = 'select 1'", [name]));
      // The ended connection may fail one check; the next one opens a new connection.
      await readiness.check().catch(() => undefined);
      await readiness.check();
    } finally {
      await readiness.close();
      await db.destroy();
      await database.drop();
    }
  });
});
