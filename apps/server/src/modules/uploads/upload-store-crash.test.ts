import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { BLOB_INTENT_GRACE_MS } from '../photos/photo-blob-sweeper.js';
import { photoRepository } from '../photos/photo.repository.js';
import { photoService } from '../photos/photo.service.js';
import { databases } from '../../test/databases.js';
import { blobFilesOf, newCustomer, storeFile, sweepDeletedBlobs, useLibraryServer } from '../../test/photo-library.js';
import { blobDirOf, PUBLIC_URL } from '../../test/test-server.js';
import { ingestPhoto } from './ingest/ingest-photo.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';

let seed = 700;

describe.each(databases)('a photo stored when the server stops on $name', (kind) => {
  const server = useLibraryServer(kind);

  /** From now on, recording a photo named `name` fails as if the server had stopped at that moment. */
  async function failRecording(name: string) {
    const { db } = server();
    if (kind.name === 'sqlite') {
      await sql.raw(`CREATE TRIGGER stop_at_${name} BEFORE INSERT ON photos WHEN NEW.original_name = '${name}.jpg' BEGIN SELECT RAISE(ABORT, 'the server stopped'); END`).execute(db);
    } else {
      await sql.raw(`CREATE FUNCTION stop_at_${name}() RETURNS trigger AS $$ BEGIN IF NEW.original_name = '${name}.jpg' THEN RAISE EXCEPTION 'the server stopped'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`).execute(db);
      await sql.raw(`CREATE TRIGGER stop_at_${name} BEFORE INSERT ON photos FOR EACH ROW EXECUTE FUNCTION stop_at_${name}()`).execute(db);
    }
  }

  it('leaves no files and no photo once the sweep has run, and a photo stored normally keeps its files', async () => {
    const me = await newCustomer(server());
    await failRecording('cut');
    const kept = await storeFile(server(), me.id, 'kept.jpg', await makeTestJpeg({ width: 64, height: 48, seed: seed++ }));
    await expect(storeFile(server(), me.id, 'cut.jpg', await makeTestJpeg({ width: 64, height: 48, seed: seed++ }))).rejects.toThrow();

    await sweepDeletedBlobs(server());

    expect(await server().db.selectFrom('photos').select('id').where('customer_id', '=', me.id).execute()).toEqual([{ id: kept.photoId }]);
    expect(blobFilesOf(server(), me.id).map((f) => f.split('/')[0])).toEqual(Array(4).fill(kept.photoId));
  });

  it('stopped after its files and before its row: a later sweep removes the files; a store under way is left alone', async () => {
    const me = await newCustomer(server());
    const repo = photoRepository(server().db);
    const blobs = fsBlobStore(blobDirOf(server()), PUBLIC_URL, urlSigner('unused'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-stop-'));
    const fileOf = async (name: string) => {
      const file = path.join(dir, name);
      const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
      fs.writeFileSync(file, bytes);
      return { file, bytes, ingested: await ingestPhoto(file) };
    };
    try {
      // The server stops for good between writing the files and writing the row: that step never returns.
      const stopped = photoService({ ...repo, insert: () => new Promise<boolean>(() => {}) }, blobs, async () => ({ own: 0, read: 0 }));
      const cut = await fileOf('cut.jpg');
      void stopped.storeIngested({ ...cut.ingested, customerId: me.id, uploadId: 'u-cut', fileName: 'cut.jpg', filePath: cut.file });
      await expect.poll(() => blobFilesOf(server(), me.id).length).toBe(4);

      // Seconds later, another store of the same customer is still writing its files when the sweeper runs.
      await server().db.updateTable('photo_blob_intents').set({ started_at: new Date(Date.now() - BLOB_INTENT_GRACE_MS - 1000).toISOString() }).execute();
      await repo.recordBlobIntent(`photos/${me.id}/still-writing`);
      await blobs.putBuffer(`photos/${me.id}/still-writing/300.jpg`, Buffer.from('part'), 'image/jpeg');
      const kept = await storeFile(server(), me.id, 'kept.jpg', (await fileOf('kept.jpg')).bytes);

      await sweepDeletedBlobs(server());

      expect(await server().db.selectFrom('photos').select('id').where('customer_id', '=', me.id).execute()).toEqual([{ id: kept.photoId }]);
      expect(blobFilesOf(server(), me.id).map((f) => f.split('/')[0]).sort()).toEqual([...Array(4).fill(kept.photoId), 'still-writing'].sort());
      expect(await server().db.selectFrom('photo_blob_intents').select('prefix').execute()).toEqual([{ prefix: `photos/${me.id}/still-writing` }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
