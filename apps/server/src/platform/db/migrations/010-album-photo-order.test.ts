import { photoPageSchema } from '@shoebox/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ALBUMS, call, insertAlbum } from '../../../test/albums.js';
import { databases } from '../../../test/databases.js';
import { insertPhotoRows, newCustomer, useLibraryServer } from '../../../test/photo-library.js';
import { down, up } from './010-album-photo-order.js';

describe.each(databases)('numbering the photos already in albums on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('orders photos that were added together by date taken, then id; later additions stay after earlier ones', async () => {
    const me = await newCustomer(server());
    const [old, newer, oldest, later] = await insertPhotoRows(server(), me.id, [
      { dateTaken: '2020-05-05T00:00:00' },
      { dateTaken: '2022-05-05T00:00:00' },
      { dateTaken: '2018-05-05T00:00:00' },
      { dateTaken: '2017-05-05T00:00:00' },
    ]);
    const together = '2024-01-01T00:00:00.000Z';
    const albumId = await insertAlbum(server(), {
      ownerId: me.id,
      photos: [
        { photoId: later!.id, ownerId: me.id, addedAt: '2024-02-02T00:00:00.000Z' },
        { photoId: newer!.id, ownerId: me.id, addedAt: together },
        { photoId: old!.id, ownerId: me.id, addedAt: together },
        { photoId: oldest!.id, ownerId: me.id, addedAt: together },
      ],
    });
    // As the album was before this migration: no order of addition.
    const db = server().db as unknown as Kysely<unknown>;
    await down(db);
    await up(db);

    const response = await call(server(), me, 'GET', `${ALBUMS}/${albumId}/photos?sortKey=created&sortOrder=asc`);
    expect(photoPageSchema.parse(response.json()).images.map((i) => i.imageId)).toEqual([oldest!.id, old!.id, newer!.id, later!.id]);
  });
});
