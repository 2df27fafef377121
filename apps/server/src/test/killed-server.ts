/**
 * What a kill -9 test needs of its own: a fresh database and data folder, the environment a server process
 * of its own is started with on them, and the hard kill itself.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { TestDatabaseContent, TestDatabaseKind } from './databases.js';
import { PUBLIC_URL } from './test-server.js';

/**
 * A database and a data folder (named from `prefix`) for this test alone. When the test ends, every child
 * handed to `track` is killed, the database dropped and the folder removed, whatever the test did.
 */
export async function killTestPlace(kind: TestDatabaseKind, prefix: string, content: TestDatabaseContent) {
  const database = await kind.create(content);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const children: ChildProcess[] = [];
  onTestFinished(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    database,
    dataDir,
    /** The environment of a server process on this database and folder. */
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL, DATA_DIR: dataDir, DATABASE_URL: database.url },
    track: (child: ChildProcess) => (children.push(child), child),
  };
}

/** Kills `child` with SIGKILL, as a crash or an out-of-memory kill would, and waits until it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
