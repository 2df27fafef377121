import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { EXPORT_LINK_VALID_DAYS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { exportKit, identityOf } from '../../test/exports.js';
import { unpackZip } from '../../test/zip-check.js';
import { newCustomer, silentLog, storePhotos, sweepDeletedBlobs, useLibraryServer } from '../../test/photo-library.js';
import { PUBLIC_URL } from '../../test/test-server.js';
import { chunkBlobKey, exportBlobPrefix } from './backup.service.js';
import { startExportExpirySweeper } from './export-expiry-sweeper.js';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const DAY_MS = 86_400_000;

describe.each(databases)('full-library export job on $name', (kind) => {
  const server = useLibraryServer(kind);

  /** A customer with photos of several sizes, two of them uploaded under one name. */
  async function customerWithPhotos(count: number) {
    const customer = await newCustomer(server());
    const images = Array.from({ length: count }, (_, i) => ({ name: i < 2 ? 'IMG_0001.JPG' : `IMG_${i}.jpg`, width: 48 + i * 24, height: 40 + i * 16 }));
    const photos = await storePhotos(server(), customer.id, images);
    return { customer, photos };
  }

  /** Every chunk of an export unpacked (each passing `unzip -t`), in order. */
  async function unpackedChunks(kit: ReturnType<typeof exportKit>, backupId: string) {
    const chunks = await kit.repo.chunks(backupId);
    return chunks.map((chunk) => ({ chunk, files: unpackZip(kit.blobs.pathOf(chunk.blob_key)) }));
  }

  it('packs every photo exactly once, byte for byte, into complete zips whose photo bytes stay within the limit; a photo larger than the limit gets a chunk of its own', async () => {
    const { customer, photos } = await customerWithPhotos(7);
    const sizes = photos.map((p) => p.bytes.length).sort((a, b) => a - b);
    // Room for two or three of the smaller photos; the largest is over it.
    const limit = (sizes.at(-1) as number) - 1;
    const kit = exportKit(server(), { chunkMaxBytes: limit, pageSize: 2 });
    const { id } = await kit.service.start(identityOf(customer));
    await kit.run(id);

    const unpacked = await unpackedChunks(kit, id);
    expect(unpacked.map((u) => u.chunk.iteration)).toEqual(unpacked.map((_, i) => i + 1));
    expect(unpacked.length).toBeGreaterThan(1);
    const seen = unpacked.flatMap((u) => [...u.files.values()].map(sha)).sort();
    expect(seen).toEqual(photos.map((p) => sha(p.bytes)).sort());
    for (const { chunk, files } of unpacked) {
      const bytes = [...files.values()].reduce((sum, b) => sum + b.length, 0);
      if (files.size > 1) expect(bytes).toBeLessThanOrEqual(limit);
      expect(chunk.photos).toBe(files.size);
      expect(chunk.size).toBe(fs.statSync(kit.blobs.pathOf(chunk.blob_key)).size);
      expect(chunk.blob_key).toBe(chunkBlobKey(customer.id, id, chunk.iteration));
    }
    const largest = photos.reduce((a, b) => (b.bytes.length > a.bytes.length ? b : a));
    const own = unpacked.find((u) => [...u.files.values()].some((b) => sha(b) === sha(largest.bytes)));
    expect(own?.files.size).toBe(1);
    // Two photos uploaded under one name keep distinct names wherever they land.
    const names = unpacked.flatMap((u) => [...u.files.keys()]);
    expect(names.filter((n) => /^IMG_0001( \(2\))?\.JPG$/.test(n))).toHaveLength(2);

    const status = await kit.service.status(identityOf(customer), id);
    expect(status).toMatchObject({ photosCount: 7, skippedPhotos: 0 });
    expect('chunks' in status && status.chunks.map((c) => c.iteration)).toEqual(unpacked.map((u) => u.chunk.iteration));
  });

  it('holds at most a page of a chunk\'s photos: the next page is read only once the zip has taken every photo of the last', async () => {
    const { customer, photos } = await customerWithPhotos(7);
    const base = exportKit(server());
    const fetched = new Set<string>();
    const read = new Set<string>();
    const heldAtEachRead: number[] = [];
    const kit = exportKit(server(), {
      pageSize: 2,
      chunkMaxBytes: Math.max(...photos.map((p) => p.bytes.length)) * 3,
      libraryOriginals: async (customerId, after, limit) => {
        const page = await base.library.libraryOriginals(customerId, after, limit);
        for (const p of page) fetched.add(p.photoId);
        heldAtEachRead.push([...fetched].filter((id) => !read.has(id)).length);
        return page;
      },
      blobs: {
        ...base.blobs,
        read: (key) => {
          read.add(key.split('/')[2]!);
          return base.blobs.read(key);
        },
      },
    });
    const { id } = await kit.service.start(identityOf(customer));
    await kit.run(id);
    expect(read.size).toBe(7);
    // Photos listed and not yet in a zip: never more than the page just read.
    expect(Math.max(...heldAtEachRead)).toBeLessThanOrEqual(2);
    expect(heldAtEachRead.length).toBeGreaterThan(4);
  });

  it('leaves out a photo deleted while the export is made, counts it as skipped and says so in the mail', async () => {
    const { customer, photos } = await customerWithPhotos(4);
    let deleted: string | undefined;
    const base = exportKit(server());
    const kit = exportKit(server(), {
      pageSize: 10,
      // The customer deletes a photo after the export listed it and before its bytes were read.
      libraryOriginals: async (customerId, after, limit) => {
        const page = await base.library.libraryOriginals(customerId, after, limit);
        if (!deleted && page.length > 2) {
          deleted = page[1]!.photoId;
          await base.library.deletePhoto(identityOf(customer), deleted);
          await sweepDeletedBlobs(server());
        }
        return page;
      },
    });
    const { id } = await kit.service.start(identityOf(customer));
    await kit.run(id);

    const [only] = await unpackedChunks(kit, id);
    const kept = photos.filter((p) => p.photoId !== deleted);
    expect([...only!.files.values()].map(sha).sort()).toEqual(kept.map((p) => sha(p.bytes)).sort());
    expect(await kit.service.status(identityOf(customer), id)).toMatchObject({ photosCount: 3, skippedPhotos: 1 });
    const [mail] = await kit.mailsTo(customer.email);
    expect(mail?.text).toContain('1 photos were deleted while the export was being made');
  });

  it('makes no chunk of a stretch whose photos were all deleted: the chunks stay numbered 1 to N and the photo is counted as skipped', async () => {
    const { customer } = await customerWithPhotos(3);
    const base = exportKit(server());
    let pages = 0;
    const kit = exportKit(server(), {
      // One photo per chunk; the second chunk's only photo is deleted after it was listed.
      chunkMaxBytes: 1,
      pageSize: 1,
      libraryOriginals: async (customerId, after, limit) => {
        const page = await base.library.libraryOriginals(customerId, after, limit);
        if (++pages === 3 && page[0]) {
          await base.library.deletePhoto(identityOf(customer), page[0].photoId);
          await sweepDeletedBlobs(server());
        }
        return page;
      },
    });
    const { id } = await kit.service.start(identityOf(customer));
    await kit.run(id);
    const unpacked = await unpackedChunks(kit, id);
    expect(unpacked.map((u) => [u.chunk.iteration, u.files.size])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(fs.readdirSync(kit.blobs.pathOf(exportBlobPrefix(customer.id, id))).sort()).toEqual(['1.zip', '2.zip']);
    expect(await kit.service.status(identityOf(customer), id)).toMatchObject({ photosCount: 2, skippedPhotos: 1 });
  });

  it('mails the export page and its expiry date once, in the language of the customer’s storefront, however often the job runs', async () => {
    const { customer } = await customerWithPhotos(1);
    await server().db.updateTable('customers').set({ channel: 'www.printhaven.de' }).where('id', '=', customer.id).execute();
    const kit = exportKit(server());
    let refusals = 0;
    // The mail server refuses the first attempt; the job's next runs, three at once, send it once.
    const flaky = exportKit(server(), {
      mailer: {
        async send(mail) {
          if (refusals++ === 0) throw new Error('mail server unavailable');
          await kit.mailer.send(mail);
        },
      },
    });
    const { id } = await kit.service.start(identityOf(customer));
    await expect(flaky.run(id)).rejects.toThrow('mail server unavailable');
    expect(await kit.mailsTo(customer.email)).toEqual([]);
    await Promise.all([flaky.run(id), flaky.run(id), flaky.run(id)]);
    await kit.run(id);

    const mails = await kit.mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    const row = await kit.repo.find(id);
    const expires = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.parse(row!.processed_at!) + EXPORT_LINK_VALID_DAYS * DAY_MS));
    expect(mails[0]).toMatchObject({ subject: 'Dein Fotoexport ist fertig' });
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/my-photos/exports/${id}`);
    expect(mails[0]!.text).toContain(`bis ${expires} gültig`);
    expect(row?.mail_sent_at).not.toBeNull();
    // The chunks were not made again by the later runs.
    expect(await kit.repo.chunks(id)).toHaveLength(1);
  });

  it('resumes a stopped export at its first unfinished chunk: finished chunks are not made again and no half chunk is offered', async () => {
    const { customer, photos } = await customerWithPhotos(6);
    const limit = Math.max(...photos.map((p) => p.bytes.length));
    const stop = new AbortController();
    let backupId = '';
    let readsInSecondChunk = 0;
    const base = exportKit(server());
    const stopping = exportKit(server(), {
      chunkMaxBytes: limit,
      pageSize: 1,
      // The process stops while the second chunk is being written: after its first photo went into the zip.
      libraryOriginals: async (customerId, after, size) => {
        const page = await base.library.libraryOriginals(customerId, after, size);
        if ((await base.repo.find(backupId))?.chunks_done === 1 && ++readsInSecondChunk === 2) stop.abort(new Error('stopped'));
        return page;
      },
    });
    const { id } = await stopping.service.start(identityOf(customer));
    backupId = id;
    await expect(stopping.run(id, stop.signal)).rejects.toThrow();
    expect(readsInSecondChunk).toBe(2);

    const [first, ...rest] = await stopping.repo.chunks(id);
    expect(rest).toEqual([]);
    expect(first?.iteration).toBe(1);
    expect(fs.existsSync(stopping.blobs.pathOf(chunkBlobKey(customer.id, id, 2)))).toBe(false);
    expect(await stopping.service.status(identityOf(customer), id)).toMatchObject({ status: 'in-progress' });
    const firstFile = fs.statSync(stopping.blobs.pathOf(first!.blob_key));

    const again = exportKit(server(), { chunkMaxBytes: limit, pageSize: 1 });
    await again.run(id);
    const unpacked = await unpackedChunks(again, id);
    expect(unpacked[0]!.chunk).toEqual(first);
    const after = fs.statSync(again.blobs.pathOf(first!.blob_key));
    expect([after.ino, after.mtimeMs]).toEqual([firstFile.ino, firstFile.mtimeMs]);
    expect(unpacked.flatMap((u) => [...u.files.values()].map(sha)).sort()).toEqual(photos.map((p) => sha(p.bytes)).sort());
    expect(await again.mailsTo(customer.email)).toHaveLength(1);
  });

  it('when the job is given up, fails an export still being made and removes its chunks, but keeps one already made whose mail failed', async () => {
    const { customer, photos } = await customerWithPhotos(4);
    const stop = new AbortController();
    const base = exportKit(server());
    const stopping = exportKit(server(), {
      chunkMaxBytes: Math.max(...photos.map((p) => p.bytes.length)),
      libraryOriginals: async (customerId, after, limit) => {
        if (after !== null) stop.abort(new Error('stopped'));
        return base.library.libraryOriginals(customerId, after, limit);
      },
    });
    const { id } = await stopping.service.start(identityOf(customer));
    await expect(stopping.run(id, stop.signal)).rejects.toThrow();
    const folder = stopping.blobs.pathOf(exportBlobPrefix(customer.id, id));
    expect(fs.existsSync(folder)).toBe(true);
    const run = { id, kind: 'backup.export', payload: { backupId: id }, attempt: 3, signal: new AbortController().signal };
    await stopping.job.options.onGivenUp(run, new Error('disk full'));
    await expect(stopping.service.status(identityOf(customer), id)).rejects.toMatchObject({ status: 422, code: 'export_failed' });
    expect(fs.existsSync(folder)).toBe(false);

    const unmailed = exportKit(server(), { mailer: { send: () => Promise.reject(new Error('mail server unavailable')) } });
    const made = await unmailed.service.start(identityOf(customer));
    await expect(unmailed.run(made.id)).rejects.toThrow('mail server unavailable');
    await unmailed.job.options.onGivenUp({ ...run, id: made.id, payload: { backupId: made.id } }, new Error('mail server unavailable'));
    expect(await unmailed.service.status(identityOf(customer), made.id)).toMatchObject({ photosCount: 4 });
  });

  it('fails an export whose library was emptied before it was made, and keeps no chunk', async () => {
    const { customer } = await customerWithPhotos(1);
    const kit = exportKit(server());
    const { id } = await kit.service.start(identityOf(customer));
    await kit.library.deleteAll(identityOf(customer));
    await kit.run(id);
    await expect(kit.service.status(identityOf(customer), id)).rejects.toMatchObject({ status: 422, code: 'export_failed' });
    expect(fs.existsSync(kit.blobs.pathOf(exportBlobPrefix(customer.id, id)))).toBe(false);
    expect(await kit.mailsTo(customer.email)).toEqual([]);
  });

  it('sweeps an export once its links have expired: its chunks and its row go, a younger one stays', async () => {
    const { customer } = await customerWithPhotos(1);
    const kit = exportKit(server());
    const { id } = await kit.service.start(identityOf(customer));
    await kit.run(id);
    const folder = kit.blobs.pathOf(exportBlobPrefix(customer.id, id));
    const processedAt = Date.parse((await kit.repo.find(id))!.processed_at!);

    const justBefore = startExportExpirySweeper({ repo: kit.repo, blobs: kit.blobs, log: silentLog, now: () => new Date(processedAt + EXPORT_LINK_VALID_DAYS * DAY_MS - 1000) });
    justBefore.stop();
    await justBefore.sweep();
    expect(fs.existsSync(folder)).toBe(true);
    expect(await kit.repo.find(id)).toBeDefined();

    const past = startExportExpirySweeper({ repo: kit.repo, blobs: kit.blobs, log: silentLog, now: () => new Date(processedAt + EXPORT_LINK_VALID_DAYS * DAY_MS + 1000) });
    past.stop();
    await past.sweep();
    expect(fs.existsSync(folder)).toBe(false);
    expect(await kit.repo.find(id)).toBeUndefined();
  });
});
