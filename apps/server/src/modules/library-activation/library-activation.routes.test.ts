import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  activationStartedSchema,
  activationStateSchema,
  importPushMessageSchema,
  photoPageSchema,
  timelineCountsSchema,
  type ImportPushMessage,
  type Photo,
} from '@shoebox/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, relative, silentLog, storePhotos, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { blobDirOf, PUBLIC_URL, type TestShoebox } from '../../test/test-server.js';
import { legacyPhotoKey } from './legacy-photo-keys.js';
import { libraryActivationRepository } from './library-activation.repository.js';
import { IMPORT_PROGRESS_EVERY_MS, libraryImport } from './library-import.js';
import type { LegacyPhotoFile } from './library-activation.service.js';

const ACTIVATE = `${PHOTOS_API}/users/activate`;
const LEGACY_LIBRARY = new URL('../../seed/legacy-library/', import.meta.url);
const HEIC = new URL('../uploads/ingest/fixtures/photo.heic', import.meta.url);
const IMPORT_TIMEOUT_MS = 60_000;

let seed = 9_000;

describe.each(databases)('library activation on $name', (kind) => {
  const server = useLibraryServer(kind);
  let dir: string;
  let messages: { userId: string; message: ImportPushMessage }[];
  let unsubscribe: () => void;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-legacy-'));
    messages = [];
    unsubscribe = server().events.subscribe((userId, message) => {
      if ('type' in message) messages.push({ userId, message: importPushMessageSchema.parse(message) });
    });
  });
  afterEach(() => {
    unsubscribe();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const status = async (who: TestCustomer) => {
    const response = await server().app.inject({ url: ACTIVATE, headers: who.headers });
    expect(response.statusCode).toBe(200);
    return activationStateSchema.parse(response.json()).status;
  };
  const activate = async (who: TestCustomer) => {
    const response = await server().app.inject({ method: 'POST', url: ACTIVATE, headers: who.headers });
    expect(response.statusCode).toBe(200);
    return activationStartedSchema.parse(response.json()).started;
  };
  const photos = async (who: TestCustomer): Promise<Photo[]> => {
    const response = await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: who.headers });
    expect(response.statusCode).toBe(200);
    return photoPageSchema.parse(response.json()).images;
  };
  const timeline = async (who: TestCustomer) =>
    timelineCountsSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/users/timeline`, headers: who.headers })).json());
  const untilActive = (who: TestCustomer) => expect.poll(() => status(who), { timeout: IMPORT_TIMEOUT_MS, interval: 100 }).toBe('ACTIVE');
  const messagesOf = (who: TestCustomer) => messages.filter((m) => m.userId === who.id).map((m) => m.message);

  /** Legacy files as the older system kept them: a name, an upload date and the bytes. */
  async function legacyFile(name: string, uploadedAt: string, bytes: Buffer | URL): Promise<LegacyPhotoFile> {
    const filePath = path.join(dir, `${seed++}-${name}`);
    fs.writeFileSync(filePath, bytes instanceof URL ? fs.readFileSync(bytes) : bytes);
    return { fileName: name, uploadedAt, filePath };
  }
  const jpeg = (local: string) => makeTestJpeg({ width: 96, height: 64, seed: seed++, dateTaken: { local, offset: '+02:00' } });
  const legacyRows = (who: TestCustomer) =>
    server().db.selectFrom('legacy_photos').select(['file_name', 'state', 'photo_id', 'failure']).where('customer_id', '=', who.id).orderBy('uploaded_at').execute();

  /**
   * From here on, the legacy photo's bytes are held back until `release` is called: its file becomes a
   * named pipe, so the import waits at it, mid-way, and reads the original bytes once they are written.
   */
  function holdBack(server: TestShoebox, who: TestCustomer, legacyPhotoId: string): { release(): void } {
    const file = path.join(blobDirOf(server), legacyPhotoKey(who.id, legacyPhotoId));
    const bytes = fs.readFileSync(file);
    fs.rmSync(file);
    execFileSync('mkfifo', [file]);
    // On a worker thread: opening a pipe for writing waits for its reader.
    return { release: () => void fs.promises.writeFile(file, bytes) };
  }

  it('imports every legacy photo through the ingest, with its dates, and ends ACTIVE; push messages in order', async () => {
    const me = await newCustomer(server());
    const files = [
      await legacyFile('holiday.jpg', '2016-03-01T10:00:00.000Z', await jpeg('2015-07-14T09:30:00')),
      await legacyFile('DSC_0001.JPG', '2016-03-02T10:00:00.000Z', new URL('nikon-d2h.jpg', LEGACY_LIBRARY)),
      await legacyFile('IMG_0001.HEIC', '2016-03-03T10:00:00.000Z', HEIC),
      // No date of its own: the day it was uploaded stands in.
      await legacyFile('scan.jpg', '2016-03-04T10:00:00.000Z', await makeTestJpeg({ width: 96, height: 64, seed: seed++ })),
      // Stored 80×40 and turned upright by its EXIF orientation (6); dated only by its IFD0 DateTime.
      await legacyFile('rotated.jpg', '2016-03-05T10:00:00.000Z', new URL('orientation-6.jpg', LEGACY_LIBRARY)),
    ];
    await server().activation.addLegacyPhotos(me.id, files);
    expect(await status(me)).toBe('NOT_ACTIVE');
    expect(await photos(me)).toEqual([]);

    const [first] = await server().db.selectFrom('legacy_photos').select('id').where('customer_id', '=', me.id).orderBy('uploaded_at').execute();
    const held = holdBack(server(), me, first!.id);
    try {
      expect(await activate(me)).toBe(true);
      await expect.poll(() => messagesOf(me).length, { timeout: IMPORT_TIMEOUT_MS }).toBeGreaterThan(0);
      // While the import runs, the library says so and its photo routes answer as before.
      expect(await status(me)).toBe('IMPORTING');
      expect(await photos(me)).toEqual([]);
      expect(await activate(me)).toBe(false);
      // Held past the progress interval, so the next photo's count is sent as progress.
      await sleep(IMPORT_PROGRESS_EVERY_MS + 200);
    } finally {
      held.release();
    }
    await untilActive(me);

    const imported = await photos(me);
    expect(imported.map((p) => [p.localFileName, p.dateTaken ?? null, p.uploadEnd]).sort()).toEqual(
      [
        ['holiday.jpg', '2015-07-14T09:30:00+02:00', '2016-03-01T10:00:00.000Z'],
        ['DSC_0001.JPG', '2003-11-23T18:07:37', '2016-03-02T10:00:00.000Z'],
        ['IMG_0001.HEIC', '2021-08-14T18:42:07-04:00', '2016-03-03T10:00:00.000Z'],
        ['scan.jpg', '2016-03-04T10:00:00+00:00', '2016-03-04T10:00:00.000Z'],
        ['rotated.jpg', '2012-11-04T05:42:32', '2016-03-05T10:00:00.000Z'],
      ].sort(),
    );
    expect(imported.find((p) => p.localFileName === 'rotated.jpg')).toMatchObject({ visibleWidth: 40, visibleHeight: 80 });
    expect(await timeline(me)).toEqual({ '2003': { '11': 1 }, '2012': { '11': 1 }, '2015': { '7': 1 }, '2016': { '3': 1 }, '2021': { '8': 1 } });
    // The original bytes are the legacy file's, and each photo has its renditions.
    const heic = imported.find((p) => p.localFileName === 'IMG_0001.HEIC')!;
    expect(Buffer.from((await server().app.inject({ url: relative(heic.untouchedUrl) })).rawPayload).equals(fs.readFileSync(HEIC))).toBe(true);
    expect((await server().app.inject({ url: relative(heic.thumbnails[0]!.url) })).statusCode).toBe(200);
    expect((await legacyRows(me)).map((r) => r.state)).toEqual(Array(5).fill('imported'));

    const sent = messagesOf(me);
    expect(sent[0]).toMatchObject({ type: 'import.started', data: { payload: { imported: 0, total: 5, failed: 0 } } });
    expect(sent.at(-1)).toMatchObject({ type: 'import.finished', data: { payload: { imported: 5, total: 5, failed: 0 } } });
    const progress = sent.slice(1, -1);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((m) => m.type === 'import.progress')).toBe(true);
    expect(progress[0]!.data.payload).toEqual({ imported: 1, total: 5, failed: 0 });
    expect(new Set(sent.map((m) => m.id)).size).toBe(sent.length);
    const times = sent.map((m) => Date.parse(m.data.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // At most one progress message per interval.
    const progressTimes = [times[0]!, ...progress.map((m) => Date.parse(m.data.timestamp))];
    expect(progressTimes.slice(1).every((t, i) => t - progressTimes[i]! >= IMPORT_PROGRESS_EVERY_MS)).toBe(true);
  });

  it('a damaged or missing legacy file is counted failed and the library still ends ACTIVE', async () => {
    const me = await newCustomer(server());
    await server().activation.addLegacyPhotos(me.id, [
      await legacyFile('good.jpg', '2017-01-01T00:00:00.000Z', await jpeg('2016-12-24T18:00:00')),
      await legacyFile('DSCI0001.JPG', '2017-01-02T00:00:00.000Z', new URL('damaged-dsci0001.jpg', LEGACY_LIBRARY)),
      await legacyFile('notes.txt', '2017-01-03T00:00:00.000Z', Buffer.from('not a photo at all')),
      await legacyFile('gone.jpg', '2017-01-04T00:00:00.000Z', await jpeg('2016-12-25T18:00:00')),
    ]);
    const gone = await server().db.selectFrom('legacy_photos').select('id').where('customer_id', '=', me.id).where('file_name', '=', 'gone.jpg').executeTakeFirstOrThrow();
    fs.rmSync(path.join(blobDirOf(server()), legacyPhotoKey(me.id, gone.id)));

    expect(await activate(me)).toBe(true);
    await untilActive(me);

    expect((await photos(me)).map((p) => p.localFileName)).toEqual(['good.jpg']);
    expect(await legacyRows(me)).toEqual([
      expect.objectContaining({ file_name: 'good.jpg', state: 'imported', failure: null }),
      expect.objectContaining({ file_name: 'DSCI0001.JPG', state: 'failed', failure: 'corrupt' }),
      expect.objectContaining({ file_name: 'notes.txt', state: 'failed', failure: 'unsupported_type' }),
      expect.objectContaining({ file_name: 'gone.jpg', state: 'failed', failure: 'missing_file' }),
    ]);
    expect(messagesOf(me).at(-1)).toMatchObject({ type: 'import.finished', data: { payload: { imported: 1, total: 4, failed: 3 } } });
  });

  it('concurrent activations start one import; an ACTIVE library and one already imported start none', async () => {
    const me = await newCustomer(server());
    await server().activation.addLegacyPhotos(me.id, [
      await legacyFile('a.jpg', '2018-05-01T00:00:00.000Z', await jpeg('2018-04-01T12:00:00')),
      await legacyFile('b.jpg', '2018-05-02T00:00:00.000Z', await jpeg('2018-04-02T12:00:00')),
    ]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => activate(me)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    await untilActive(me);
    expect(await server().db.selectFrom('jobs').select('id').where('kind', '=', 'library.import').where('payload', 'like', `%${me.id}%`).execute()).toHaveLength(1);
    expect((await photos(me)).map((p) => p.localFileName).sort()).toEqual(['a.jpg', 'b.jpg']);
    expect(messagesOf(me).filter((m) => m.type === 'import.started')).toHaveLength(1);
    expect(await activate(me)).toBe(false);

    const always = await newCustomer(server());
    expect(await status(always)).toBe('ACTIVE');
    expect(await activate(always)).toBe(false);
    expect(await status(always)).toBe('ACTIVE');
  });

  it('a legacy photo the library already has is not made twice, and another customer’s library is never touched', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const bytes = await jpeg('2019-09-09T09:09:09');
    const [mine] = await storePhotos(server(), me.id, [{ dateTaken: { local: '2019-01-01T00:00:00' } }]);
    await storePhotos(server(), other.id, [{}]);
    const othersBefore = await photos(other);
    await server().activation.addLegacyPhotos(other.id, [await legacyFile('others.jpg', '2019-10-10T00:00:00.000Z', await jpeg('2019-10-01T00:00:00'))]);
    await server().activation.addLegacyPhotos(me.id, [
      await legacyFile('same-1.jpg', '2019-10-01T00:00:00.000Z', bytes),
      await legacyFile('same-2.jpg', '2019-10-02T00:00:00.000Z', bytes),
    ]);

    expect(await activate(me)).toBe(true);
    await untilActive(me);

    const mineAfter = await photos(me);
    expect(mineAfter.map((p) => p.localFileName).sort()).toEqual([mine!.name, 'same-1.jpg'].sort());
    const rows = await legacyRows(me);
    expect(rows.map((r) => r.state)).toEqual(['imported', 'imported']);
    expect(rows[0]!.photo_id).toBe(rows[1]!.photo_id);
    expect(await status(other)).toBe('NOT_ACTIVE');
    expect(await photos(other)).toEqual(othersBefore);
    expect((await legacyRows(other)).map((r) => r.state)).toEqual(['pending']);
    expect(messagesOf(other)).toEqual([]);
  });

  it('an import given up says import.failed and leaves the library NOT_ACTIVE, to be activated again where it stopped', async () => {
    const me = await newCustomer(server());
    await server().activation.addLegacyPhotos(me.id, [
      await legacyFile('kept.jpg', '2020-02-01T00:00:00.000Z', await jpeg('2020-01-01T12:00:00')),
      await legacyFile('later.jpg', '2020-02-02T00:00:00.000Z', await jpeg('2020-01-02T12:00:00')),
    ]);
    // As if an import had run, made the first photo, then failed every time it was tried.
    const repo = libraryActivationRepository(server().db);
    expect(await repo.startImport(me.id, 'broken-import', new Date().toISOString())).toBe(true);
    const [kept] = await repo.pending(me.id, 1);
    await repo.markImported(kept!.id, 'a-photo', new Date().toISOString());
    const blobs = fsBlobStore(blobDirOf(server()), PUBLIC_URL, urlSigner('unused'));
    const importer = libraryImport({ repo, blobs, uploads: server().uploads, events: server().events, workDir: dir, log: silentLog });
    const job = { id: 'broken-import', kind: 'library.import', attempt: 5, signal: new AbortController().signal, payload: { customerId: me.id, importId: 'broken-import' } };
    await importer.givenUp(job, new Error('the database went away'));

    expect(await status(me)).toBe('NOT_ACTIVE');
    expect(messagesOf(me)).toEqual([expect.objectContaining({ type: 'import.failed', data: expect.objectContaining({ payload: { imported: 1, total: 2, failed: 0 } }) })]);
    // A late run of the given-up import changes nothing.
    await importer.run(job);
    expect((await legacyRows(me)).map((r) => r.state)).toEqual(['imported', 'pending']);

    expect(await activate(me)).toBe(true);
    await untilActive(me);
    expect((await photos(me)).map((p) => p.localFileName)).toEqual(['later.jpg']);
    // The library turns ACTIVE a moment before the run tells it.
    await expect.poll(() => messagesOf(me).at(-1), { timeout: 5_000 }).toMatchObject({ type: 'import.finished', data: { payload: { imported: 2, total: 2, failed: 0 } } });
  });
});
