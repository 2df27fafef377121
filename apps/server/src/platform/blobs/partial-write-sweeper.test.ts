import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { startTestShoebox } from '../../test/test-server.js';
import { PARTIAL_DIR } from './fs-blob-store.js';
import { PARTIAL_WRITE_STALE_MS } from './partial-write-sweeper.js';

// Where partial writes live does not depend on the database: SQLite is enough here.
const [sqlite] = databases;

describe('partial blob writes left by a stopped server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-partials-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('are removed when the server starts once they are stale; a write still going on is left alone', async () => {
    const partials = path.join(dataDir, 'blobs', PARTIAL_DIR);
    fs.mkdirSync(partials, { recursive: true });
    const killed = path.join(partials, 'killed-mid-archive.tmp');
    const live = path.join(partials, 'still-writing.tmp');
    fs.writeFileSync(killed, 'PK half an archive');
    fs.writeFileSync(live, 'PK a write going on');
    const stale = new Date(Date.now() - PARTIAL_WRITE_STALE_MS - 60_000);
    fs.utimesSync(killed, stale, stale);

    const server = await startTestShoebox(sqlite!, { env: { DATA_DIR: dataDir } });
    try {
      const deadline = Date.now() + 5_000;
      while (fs.existsSync(killed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(fs.existsSync(killed)).toBe(false);
      expect(fs.existsSync(live)).toBe(true);
    } finally {
      await server.dispose();
    }
  });
});
