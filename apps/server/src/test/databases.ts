import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { loadConfig } from '../config.js';
import { createDatabase, type Db } from '../platform/db/database.js';
import type { DatabaseTemplates, TemplateContent } from './database-templates.js';
import { postgresAdminUrl, postgresUrl, untilUnused, withAdmin } from './postgres-admin.js';

/** What a new test database holds: nothing, every migration, or that and the demo accounts. */
export type TestDatabaseContent = 'empty' | TemplateContent;

/** A database of its own for one test suite; `url` is what DATABASE_URL would say. */
export interface TestDatabase {
  url: string;
  content: TestDatabaseContent;
  drop(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  /** False when the run has no PostgreSQL (vitest started by hand without TEST_DATABASE_URL). */
  available: boolean;
  /**
   * A new database: empty (the default), or a copy of the run's migrated or seeded template, made once per
   * run by the global setup (global-setup.ts): a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL.
   */
  create(content?: TestDatabaseContent): Promise<TestDatabase>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** The run's templates, from the global setup. */
function templateOf(kind: 'sqlite' | 'postgres', content: TemplateContent): string {
  const templates = inject('databaseTemplates');
  const template = templates?.[kind]?.[content];
  if (!template) throw new Error(`No ${content} ${kind} template: the server project's global setup makes them (apps/server/vitest.config.ts)`);
  return template;
}

if (!postgresAdminUrl && process.env.CI === 'true') {
  throw new Error('TEST_DATABASE_URL is not set under CI: run the tests with `npm test`, which starts a PostgreSQL cluster for the run.');
}

async function createSqlite(content: TestDatabaseContent = 'empty'): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-sqlite-'));
  const url = path.join(dir, 'shoebox.db');
  if (content !== 'empty') fs.copyFileSync(templateOf('sqlite', content), url);
  return {
    url,
    content,
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How long a drop waits for a closed pool's sockets before it forces them. */
const DROP_WAIT_MS = 5_000;

/** A uniquely named database in the run's cluster, so test files can run in parallel. */
async function createPostgres(content: TestDatabaseContent = 'empty'): Promise<TestDatabase> {
  if (!postgresAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shoebox_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const template = content === 'empty' ? '' : ` TEMPLATE "${templateOf('postgres', content)}"`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"${template}`));
  return {
    url: postgresUrl(name),
    content,
    async drop() {
      await withAdmin(async (admin) => {
        // Pools close their sockets a moment after destroy(): forcing the drop before that ends
        // connections a pool still counts as open, and its next error reaches no test at all.
        await untilUnused(admin, name, DROP_WAIT_MS);
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
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
    database = await kind.create('migrated');
    db = await createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
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
