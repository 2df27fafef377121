import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { photoBlobPrefix } from '../../platform/blobs/photo-blob-keys.js';
import { createDatabase } from '../../platform/db/database.js';
import type { PhotosTable } from '../../platform/db/schema.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { newCustomer, storePhotos } from '../../test/photo-library.js';
import { startTestChild } from '../../test/children/test-child.js';
import { PUBLIC_URL, startTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { ACCOUNT_DELETION_JOB } from './account-deletion.job.js';

/**
 * Enough photos that the deletion takes many batches (DELETE_BATCH each): the kill, once 400 are gone, lands in
 * the middle of it with 11 batches left. More only make the test longer: the deletion is paced to a fifth of the time.
 */
const PHOTOS = 1_500;

/** Photo rows with two files each, written in bulk (the deletion reads rows and removes folders; how they were made does not matter). */
async function bulkLibrary(server: TestShoebox, customerId: string): Promise<void> {
  const blobDir = server.config.blobs.kind === 'fs' ? server.config.blobs.dir : '';
  const rows: PhotosTable[] = Array.from({ length: PHOTOS }, (_, i) => ({
    id: randomUUID(),
    customer_id: customerId,
    checksum: `bulk-${i}`,
    original_name: `IMG_${i}.jpg`,
    mime: 'image/jpeg',
    bytes: 4,
    width: 64,
    height: 48,
    date_taken: '2020-05-01T12:00:00',
    date_taken_offset: null,
    taken_month: '2020-05',
    uploaded_at: '2024-01-01T00:00:00.000Z',
    upload_month: '2024-01',
    upload_id: randomUUID(),
    renditions: '[]',
  }));
  for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('photos').values(rows.slice(i, i + 500)).execute();
  await server.db.insertInto('photo_month_counts').values([
    { customer_id: customerId, sort_key: 'dateTaken', month: '2020-05', count: PHOTOS },
    { customer_id: customerId, sort_key: 'created', month: '2024-01', count: PHOTOS },
  ]).execute();
  for (const row of rows) {
    const dir = path.join(blobDir, photoBlobPrefix(customerId, row.id));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'original.jpg'), 'jpeg');
    fs.writeFileSync(path.join(dir, '300.jpg'), 'jpeg');
  }
}

describe.each(databases)('an account deletion killed mid-way on $name', (kind) => {
  skipTestsUnlessAvailable(kind);

  it('finishes after a restart: no row names the customer, no file of theirs is left, another customer keeps everything', { timeout: 180_000 }, async () => {
    const database = await kind.create('seeded');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-deletion-kill-'));
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL, DATA_DIR: dataDir, DATABASE_URL: database.url };
    let child: ChildProcess | undefined;
    try {
      const before = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir } });
      const leaving = await newCustomer(before);
      const staying = await newCustomer(before);
      await bulkLibrary(before, leaving.id);
      const kept = await storePhotos(before, staying.id, [{ width: 64, height: 48 }, { width: 72, height: 54 }]);
      const blobDir = path.join(dataDir, 'blobs');
      const stayerFiles = fs.readdirSync(path.join(blobDir, 'photos', staying.id), { recursive: true }).sort();
      await before.close();

      const first = startTestChild(new URL('../../test/children/account-deletion.ts', import.meta.url), { DELETION_CHILD_ENV: JSON.stringify(env), DELETION_CHILD_CUSTOMER: leaving.id }, 'started', 'first process');
      child = first.child;
      await first.ready;
      // Watched from the database alone; killed once part of the library is gone.
      const watcher = await createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
      const photosLeft = async () => Number((await watcher.selectFrom('photos').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', '=', leaving.id).executeTakeFirstOrThrow()).n);
      await expect.poll(photosLeft, { timeout: 60_000, interval: 10 }).toBeLessThan(PHOTOS - 400);
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      const leftAtKill = await photosLeft();
      expect(leftAtKill).toBeGreaterThan(0);
      expect(await watcher.selectFrom('customers').select('id').where('id', '=', leaving.id).executeTakeFirst()).toBeDefined();
      // The killed run's lease lapses (the test does not wait the 30 s for it).
      await watcher.updateTable('jobs').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', ACCOUNT_DELETION_JOB).execute();
      await watcher.destroy();

      const after = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir }, seed: false });
      try {
        await expect.poll(async () => (await after.db.selectFrom('customers').select('id').where('id', '=', leaving.id).executeTakeFirst()) ?? 'gone', { timeout: 120_000, interval: 200 }).toBe('gone');
        for (const table of await after.db.introspection.getTables({ withInternalKyselyTables: true })) {
          const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(after.db);
          expect(rows.rows.map((r) => JSON.stringify(r)).filter((r) => r.includes(leaving.id) || r.includes(leaving.email)), table.name).toEqual([]);
        }
        const files = fs.readdirSync(blobDir, { recursive: true }) as string[];
        expect(files.filter((f) => f.includes(leaving.id))).toEqual([]);
        expect(fs.readdirSync(path.join(blobDir, 'photos', staying.id), { recursive: true }).sort()).toEqual(stayerFiles);
        const stayerPhotos = await after.db.selectFrom('photos').select('id').where('customer_id', '=', staying.id).execute();
        expect(stayerPhotos.map((p) => p.id).sort()).toEqual(kept.map((p) => p.photoId).sort());
        // The customer's row goes before the queue marks the job done: its state follows a moment later.
        await expect.poll(() => after.db.selectFrom('jobs').select('state').where('kind', '=', ACCOUNT_DELETION_JOB).execute(), { timeout: 10_000, interval: 50 }).toEqual([{ state: 'done' }]);
      } finally {
        await after.close();
      }
    } finally {
      child?.kill('SIGKILL');
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
