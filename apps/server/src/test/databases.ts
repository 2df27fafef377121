import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../config.js';
import { createDatabase, type Db } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrator.js';

/** A database of its own for one test suite; `url` is what DATABASE_URL would say. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  /** False when the run has no PostgreSQL (vitest started by hand without TEST_DATABASE_URL). */
  available: boolean;
  create(): Promise<TestDatabase>;
}

const postgresAdminUrl = process.env.TEST_DATABASE_URL;

if (!postgresAdminUrl && process.env.CI === 'true') {
  throw new Error('TEST_DATABASE_URL is not set under CI: run the tests with `npm test`, which starts a PostgreSQL cluster for the run.');
}

async function createSqlite(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-sqlite-'));
  return {
    url: path.join(dir, 'shoebox.db'),
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A uniquely named database in the run's cluster, so test files can run in parallel. */
async function createPostgres(): Promise<TestDatabase> {
  if (!postgresAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shoebox_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdmin(async (admin) => {
        // Pools close their sockets a moment after destroy(): forcing the drop before that ends
        // connections a pool still counts as open, and its next error reaches no test at all.
        await untilUnused(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
}

/** Waits (up to 5 s) until nobody is connected to the database. */
async function untilUnused(admin: pg.Client, name: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 5000; ) {
    const { rows } = await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
    if (Number(rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every database the server supports, for `describe.each(databases)('… on $name', …)`. */
export const databases: TestDatabaseKind[] = [
  { name: 'sqlite', available: true, create: createSqlite },
  { name: 'postgres', available: Boolean(postgresAdminUrl), create: createPostgres },
];

/**
 * Registers hooks that give the enclosing describe block a migrated database of the given kind, for
 * repository tests; every test of the block is reported as skipped when the kind is unavailable.
 */
export function useMigratedDatabase(kind: TestDatabaseKind): () => Db {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    if (!kind.available) return;
    database = await kind.create();
    db = await createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  skipTestsUnlessAvailable(kind);
  return () => {
    if (!db) throw new Error('The test database is not ready');
    return db;
  };
}

/** Reports every test of the enclosing block as skipped, with the reason, when the kind is unavailable. */
export function skipTestsUnlessAvailable(kind: TestDatabaseKind): void {
  beforeEach((context) => {
    if (!kind.available) context.skip(`${kind.name} is not available: set TEST_DATABASE_URL (npm test does)`);
  });
}
