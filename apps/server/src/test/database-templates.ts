/**
 * The run's template databases, made once by the global setup: every migration run, and that plus the demo
 * accounts. A test database is then a copy (a file on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL),
 * about a millisecond instead of seconds of migrations and password hashing per suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { createDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrator.js';
import { seedDemoAccounts } from '../seed/demo-accounts.js';
import { postgresUrl, untilUnused, withAdmin } from './postgres-admin.js';

export type TemplateContent = 'migrated' | 'seeded';
/** Per kind, what DATABASE_URL … TEMPLATE names for each content: a SQLite file, or a PostgreSQL database. */
export type DatabaseTemplates = Partial<Record<'sqlite' | 'postgres', Record<TemplateContent, string>>>;

async function fill(databaseUrl: string, content: TemplateContent): Promise<void> {
  const db = await createDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
  try {
    if (content === 'migrated') await migrateToLatest(db);
    else await seedDemoAccounts(db);
  } finally {
    await db.destroy();
  }
}

async function sqliteTemplates(dir: string): Promise<Record<TemplateContent, string>> {
  const migrated = path.join(dir, 'migrated.db');
  const seeded = path.join(dir, 'seeded.db');
  await fill(migrated, 'migrated');
  fs.copyFileSync(migrated, seeded);
  await fill(seeded, 'seeded');
  // Closing the last connection folds the write-ahead log into the file: the file alone is the database.
  for (const file of [migrated, seeded]) if (fs.existsSync(`${file}-wal`)) throw new Error(`${file} kept its write-ahead log after closing`);
  return { migrated, seeded };
}

async function postgresTemplates(adminUrl: string, prefix: string): Promise<Record<TemplateContent, string>> {
  const migrated = `${prefix}_migrated`;
  const seeded = `${prefix}_seeded`;
  await withAdmin(async (admin) => {
    // A copy refuses a template somebody is connected to, so each waits until its filling pool is gone.
    await admin.query(`CREATE DATABASE "${migrated}"`);
    await fill(postgresUrl(migrated, adminUrl), 'migrated');
    await untilUnused(admin, migrated);
    await admin.query(`CREATE DATABASE "${seeded}" TEMPLATE "${migrated}"`);
    await fill(postgresUrl(seeded, adminUrl), 'seeded');
    await untilUnused(admin, seeded);
  }, adminUrl);
  return { migrated, seeded };
}

/** Makes the templates: SQLite files in `dir`, and PostgreSQL databases named from `prefix` when the run has PostgreSQL. */
export async function makeDatabaseTemplates(o: { dir: string; postgresAdminUrl?: string; prefix: string }): Promise<{ templates: DatabaseTemplates; drop(): Promise<void> }> {
  const [sqlite, postgres] = await Promise.all([sqliteTemplates(o.dir), o.postgresAdminUrl ? postgresTemplates(o.postgresAdminUrl, o.prefix) : undefined]);
  return {
    templates: { sqlite, ...(postgres ? { postgres } : {}) },
    async drop() {
      fs.rmSync(o.dir, { recursive: true, force: true });
      if (!o.postgresAdminUrl || !postgres) return;
      await withAdmin(async (admin) => {
        for (const name of Object.values(postgres)) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }, o.postgresAdminUrl);
    },
  };
}
