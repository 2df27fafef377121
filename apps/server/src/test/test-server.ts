import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createShoebox, type Shoebox } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { seedDemoAccounts } from '../seed/demo-accounts.js';
import { skipTestsUnlessAvailable, type TestDatabase, type TestDatabaseKind } from './databases.js';

export const PUBLIC_URL = 'http://localhost:3000';
export const ISSUER = `${PUBLIC_URL}/oidc`;
export const AUDIENCE = 'shoebox-api';

/** The sign-in texts of the fixture web build, so tests see that the page reads the web's locale files. */
export const FIXTURE_SIGN_IN_TEXTS = {
  invalidCredentials: 'Fixture: that email address and password do not match.',
  throttled: 'Fixture: too many attempts, wait {{minutes}} minutes.',
};

export const FIXTURE_INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><!--seo--><title>Shoebox</title></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

/** A stand-in for apps/web/dist: an index page, one asset and the sign-in texts. */
function writeFixtureWebDist(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'locales'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), FIXTURE_INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("shoebox");\n');
  fs.writeFileSync(path.join(dir, 'locales', 'en-GB.json'), JSON.stringify({ signIn: FIXTURE_SIGN_IN_TEXTS }));
}

export interface TestShoebox extends Shoebox {
  config: Config;
  database: TestDatabase;
  /** Closes the server and drops its database. */
  dispose(): Promise<void>;
}

export interface TestShoeboxOptions {
  /** Extra environment settings, as an operator would give them. */
  env?: Record<string, string>;
  /** Create the demo accounts (default true). */
  seed?: boolean;
  /** Serve the fixture web build (default true); false behaves like a server whose web is not built. */
  web?: boolean;
  /** Reuse this database instead of creating one (it is then not dropped on dispose). */
  database?: TestDatabase;
  /**
   * Make the database from nothing (every migration, then the demo accounts) instead of copying the run's
   * template: for the tests of a new database's start itself.
   */
  fromScratch?: boolean;
}

/** Builds the app exactly as main.ts does, on a database of its own, with logging off. */
export async function startTestShoebox(kind: TestDatabaseKind, options: TestShoeboxOptions = {}): Promise<TestShoebox> {
  const seed = options.seed !== false;
  const database = options.database ?? (await kind.create(options.fromScratch ? 'empty' : seed ? 'seeded' : 'migrated'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-data-'));
  const webDir = path.join(dataDir, 'web');
  if (options.web !== false) writeFixtureWebDist(webDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    WEB_DIST_DIR: webDir,
    // Storage period runs start only where a test asks (runAt, or this setting): one started by the real clock would race it.
    RETENTION_RUN_HOUR_UTC: 'off',
    ...options.env,
  });
  let shoebox: Shoebox;
  try {
    shoebox = await createShoebox(config);
    if (seed && database.content !== 'seeded') await seedDemoAccounts(shoebox.db);
  } catch (err) {
    if (!options.database) await database.drop();
    throw err;
  }
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= shoebox.close());
  return {
    ...shoebox,
    close,
    config,
    database,
    async dispose() {
      await close();
      if (!options.database) await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers hooks that start one server for the enclosing describe block and stop it afterwards.
 * When the database kind is unavailable every test of the block is reported as skipped.
 */
export function useTestShoebox(kind: TestDatabaseKind, options: TestShoeboxOptions = {}): () => TestShoebox {
  let current: TestShoebox | undefined;
  beforeAll(async () => {
    if (kind.available) current = await startTestShoebox(kind, options);
  });
  afterAll(async () => {
    await current?.dispose();
    current = undefined;
  });
  skipTestsUnlessAvailable(kind);
  return () => {
    if (!current) throw new Error('The test server is not running');
    return current;
  };
}

/** The local blob folder of a test server: tests that look at the stored files run on the local-folder store. */
export function blobDirOf(server: TestShoebox): string {
  if (server.config.blobs.kind !== 'fs') throw new Error('This test needs the local-folder blob store');
  return server.config.blobs.dir;
}
