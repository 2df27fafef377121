import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, useLibraryServer } from '../../test/photo-library.js';
import { photoRepository } from './photo.repository.js';
import { photoService } from './photo.service.js';

describe.each(databases)('the originals an archive reads, on $name', (kind) => {
  const server = useLibraryServer(kind);
  const service = () => photoService(photoRepository(server().db), {} as BlobStore, async () => ({ own: 0, read: 0 }));

  it('originalsOf answers the customer’s own photos in the order asked for, without anyone else’s or unknown ids', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const [a, b, c] = await insertPhotoRows(server(), me.id, [{}, {}, {}]);
    const [theirs] = await insertPhotoRows(server(), other.id, [{}]);

    const originals = await service().originalsOf(me.id, [c!.id, theirs!.id, a!.id, randomUUID(), b!.id]);
    expect(originals).toEqual([c, a, b].map((row) => ({
      photoId: row!.id,
      fileName: row!.original_name,
      blobKey: `photos/${me.id}/${row!.id}/original.jpg`,
      bytes: row!.bytes,
    })));
    expect(await service().originalsOf(other.id, [a!.id])).toEqual([]);
  });

  it('libraryOriginals walks the whole library once, page by page by photo id, and only that customer’s', async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const mine = await insertPhotoRows(server(), me.id, Array.from({ length: 7 }, () => ({})));
    await insertPhotoRows(server(), other.id, [{}, {}]);

    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await service().libraryOriginals(me.id, after, 3);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((p) => p.photoId));
      after = page.at(-1)!.photoId;
    }
    expect(seen).toEqual(mine.map((row) => row.id).sort());
    await expect(service().libraryOriginals(me.id, null, 0)).rejects.toThrow(RangeError);
  });
});
