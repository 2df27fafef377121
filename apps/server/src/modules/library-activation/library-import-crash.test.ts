import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { importPushMessageSchema, photoPageSchema, type ImportPushMessage } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createDatabase } from '../../platform/db/database.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { killHard, killTestPlace } from '../../test/killed-server.js';
import { newCustomer, PHOTOS_API } from '../../test/photo-library.js';
import { startTestChild } from '../../test/children/test-child.js';
import { startTestShoebox } from '../../test/test-server.js';
import { legacyPhotoKey } from './legacy-photo-keys.js';
import { LIBRARY_IMPORT_JOB } from './library-import.js';

const LEGACY_COUNT = 6;
/** The legacy photo the first process waits at when it is killed: the three before it are imported. */
const HELD = 3;

/** A server process of its own running test/children/library-import.ts. */
function startChild(env: Record<string, string>, customerId: string): { child: ChildProcess; started: Promise<string> } {
  const { child, ready } = startTestChild(
    new URL('../../test/children/library-import.ts', import.meta.url),
    { IMPORT_CHILD_ENV: JSON.stringify(env), IMPORT_CHILD_CUSTOMER: customerId },
    'started ',
    'first process',
  );
  return { child, started: ready };
}

describe.each(databases)('a library import killed mid-way on $name', (kind) => {
  skipTestsUnlessAvailable(kind);

  it('is finished by another process after kill -9: every legacy photo once, none made twice, the library ACTIVE', { timeout: 120_000 }, async () => {
    const { dataDir, database, env, track } = await killTestPlace(kind, 'shoebox-import-crash-', 'seeded');
    // Before: a customer with legacy photos, the fourth of which will hold the first process up.
    const before = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir } });
    const me = await newCustomer(before);
    const files = [];
    for (let i = 0; i < LEGACY_COUNT; i++) {
      const filePath = path.join(dataDir, `legacy-${i}.jpg`);
      fs.writeFileSync(filePath, await makeTestJpeg({ width: 96, height: 64, seed: 4_200 + i, dateTaken: { local: `2012-0${i + 1}-15T12:00:00` } }));
      files.push({ fileName: `old-${i}.jpg`, uploadedAt: `2013-01-0${i + 1}T00:00:00.000Z`, filePath });
    }
    await before.activation.addLegacyPhotos(me.id, files);
    const legacy = await before.db.selectFrom('legacy_photos').select('id').where('customer_id', '=', me.id).orderBy('uploaded_at').execute();
    const heldFile = path.join(dataDir, 'blobs', legacyPhotoKey(me.id, legacy[HELD]!.id));
    const heldBytes = fs.readFileSync(heldFile);
    fs.rmSync(heldFile);
    execFileSync('mkfifo', [heldFile]);
    await before.close();

    // The first process starts the import and is killed at the fourth photo.
    const first = startChild(env, me.id);
    track(first.child);
    expect(await first.started).toBe('started true');
    // Watched from the database alone: no second queue is running yet.
    const watcher = await createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    const imported = () => watcher.selectFrom('legacy_photos').select('id').where('customer_id', '=', me.id).where('state', '=', 'imported').execute();
    await expect.poll(async () => (await imported()).length, { timeout: 60_000, interval: 100 }).toBe(HELD);
    await killHard(first.child);
    fs.rmSync(heldFile);
    fs.writeFileSync(heldFile, heldBytes);
    // The killed run's lease lapses (the test does not wait the 30 s for it).
    await watcher.updateTable('jobs').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', LIBRARY_IMPORT_JOB).execute();
    await watcher.destroy();

    // The second process takes the import over where it stopped.
    const after = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir }, seed: false });
    const messages: ImportPushMessage[] = [];
    after.events.subscribe((userId, message) => userId === me.id && 'type' in message && messages.push(importPushMessageSchema.parse(message)));
    try {
      await expect.poll(async () => (await after.db.selectFrom('library_activations').select('status').where('customer_id', '=', me.id).executeTakeFirst())?.status, { timeout: 60_000, interval: 200 }).toBe('ACTIVE');
      // The library turns ACTIVE before the run has told it, emptied its working folder and its job is marked done.
      await expect
        .poll(() => after.db.selectFrom('jobs').select(['state', 'attempts']).where('kind', '=', LIBRARY_IMPORT_JOB).execute(), { timeout: 10_000, interval: 50 })
        .toEqual([{ state: 'done', attempts: 2 }]);
      const photos = photoPageSchema.parse((await after.app.inject({ url: `${PHOTOS_API}/photos`, headers: me.headers })).json()).images;
      expect(photos.map((p) => p.localFileName).sort()).toEqual(files.map((f) => f.fileName).sort());
      const rows = await after.db.selectFrom('photos').select(['id', 'upload_id']).where('customer_id', '=', me.id).execute();
      expect(rows.map((r) => r.upload_id).sort()).toEqual(legacy.map((l) => l.id).sort());
      const marks = await after.db.selectFrom('legacy_photos').select(['state', 'photo_id']).where('customer_id', '=', me.id).execute();
      expect(marks.every((m) => m.state === 'imported')).toBe(true);
      expect(new Set(marks.map((m) => m.photo_id))).toEqual(new Set(rows.map((r) => r.id)));
      expect(messages[0]).toMatchObject({ type: 'import.started', data: { payload: { imported: HELD, total: LEGACY_COUNT, failed: 0 } } });
      expect(messages.at(-1)).toMatchObject({ type: 'import.finished', data: { payload: { imported: LEGACY_COUNT, total: LEGACY_COUNT, failed: 0 } } });
      // Nothing of the killed run is left in the import's working folder.
      expect(fs.readdirSync(path.join(dataDir, 'library-import'))).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
