import { createdAlbumSchema, failedListSchema, PHOTOS_PAGE_SIZE, photoPageSchema, type SortOrder } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { ALBUMS, call, getOk, nextMillisecond, PHOTOS } from '../../test/albums.js';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

/** Parallel requests in the concurrency probes: as many as the PostgreSQL pool holds connections. */
const PARALLEL = 20;

describe.each(databases)('the order photos are added to an album in, under load, on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function newAlbum(who: TestCustomer) {
    const response = await call(server(), who, 'POST', ALBUMS, { name: 'Trip' });
    expect(response.statusCode).toBe(201);
    return createdAlbumSchema.parse(response.json()).albumId;
  }
  const photosOf = (albumId: string) => `${ALBUMS}/${albumId}/photos`;
  async function addOk(who: TestCustomer, albumId: string, photoIds: string[]) {
    const response = await call(server(), who, 'POST', photosOf(albumId), { photoIds });
    expect(response.statusCode, response.body).toBe(200);
    return failedListSchema.parse(response.json());
  }
  async function removeOk(who: TestCustomer, albumId: string, photoIds: string[]) {
    const response = await call(server(), who, 'DELETE', photosOf(albumId), { photoIds });
    expect(response.statusCode, response.body).toBe(204);
  }
  /** The album under "Date added" in the direction asked, one page. */
  async function idsIn(who: TestCustomer, albumId: string, sortOrder: SortOrder = 'desc') {
    const page = await getOk(server(), who, `${photosOf(albumId)}?sortKey=created&sortOrder=${sortOrder}&limit=${PHOTOS_PAGE_SIZE}`, photoPageSchema);
    expect(page.cursor).toBeNull();
    return page.images.map((p) => p.imageId);
  }
  /** Every photo of the album once, its number unique in the album. */
  async function expectNumberedOnce(albumId: string, expected: string[]) {
    const rows = await server().db.selectFrom('album_photos').select(['photo_id', 'added_order']).where('album_id', '=', albumId).execute();
    expect(rows.map((r) => r.photo_id).sort()).toEqual([...expected].sort());
    expect(new Set(rows.map((r) => Number(r.added_order))).size, 'numbers unique in the album').toBe(rows.length);
  }
  /** `subset` appears in `list` in this order (other photos may sit between). */
  const inOrder = (list: string[], subset: string[]) => list.filter((id) => subset.includes(id));

  it(`${PARALLEL} additions at once with overlapping photos: all answered, every photo once with its own number, each addition in its chosen order`, async () => {
    const me = await newCustomer(server());
    const shared = (await insertPhotoRows(server(), me.id, Array.from({ length: 6 }, (_, i) => ({ dateTaken: `2020-01-0${i + 1}T00:00:00` })))).map((r) => r.id);
    const own = await Promise.all(
      Array.from({ length: PARALLEL }, async () => (await insertPhotoRows(server(), me.id, [{ dateTaken: '2021-05-05T05:05:05' }, { dateTaken: '2019-01-01T00:00:00' }, {}])).map((r) => r.id)),
    );
    const albumId = await newAlbum(me);
    // Each request lists its own photos in an order that is neither their ids' nor their dates', between photos every request also sends.
    const requests = own.map((mine, k) => [shared[k % 6]!, mine[2]!, shared[(k + 3) % 6]!, mine[0]!, mine[1]!, shared[(k + 1) % 6]!]);
    const answers = await Promise.all(requests.map((photoIds) => call(server(), me, 'POST', photosOf(albumId), { photoIds })));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(failedListSchema.parse(answer.json())).toEqual({ failed: [] });
    }
    await expectNumberedOnce(albumId, [...shared, ...own.flat()]);
    for (const sortOrder of ['desc', 'asc'] as const) {
      const album = await idsIn(me, albumId, sortOrder);
      expect(album).toHaveLength(shared.length + own.flat().length);
      for (const [k, mine] of own.entries()) expect(inOrder(album, mine), `${sortOrder} addition ${k}`).toEqual([mine[2], mine[0], mine[1]]);
    }
  });

  it('a request naming a photo twice adds it once, where it was first chosen', async () => {
    const me = await newCustomer(server());
    const [a, b, c] = (await insertPhotoRows(server(), me.id, [{}, {}, {}])).map((r) => r.id);
    const albumId = await newAlbum(me);
    await addOk(me, albumId, [c!, a!, c!, b!, a!]);
    expect(await idsIn(me, albumId)).toEqual([c, a, b]);
    expect(await idsIn(me, albumId, 'asc')).toEqual([c, a, b]);
    await expectNumberedOnce(albumId, [a!, b!, c!]);
  });

  it('photos already there keep their place among new ones; a removed photo added again comes back as the newest', async () => {
    const me = await newCustomer(server());
    const [x, y, z, w] = (await insertPhotoRows(server(), me.id, [{}, {}, {}, {}])).map((r) => r.id);
    const albumId = await newAlbum(me);
    await addOk(me, albumId, [y!, x!]);
    await nextMillisecond();
    await addOk(me, albumId, [z!, x!, w!, y!]);
    expect(await idsIn(me, albumId)).toEqual([z, w, y, x]);
    expect(await idsIn(me, albumId, 'asc')).toEqual([y, x, z, w]);
    await expectNumberedOnce(albumId, [x!, y!, z!, w!]);

    await removeOk(me, albumId, [y!]);
    expect(await idsIn(me, albumId)).toEqual([z, w, x]);
    await nextMillisecond();
    await addOk(me, albumId, [y!]);
    expect(await idsIn(me, albumId)).toEqual([y, z, w, x]);
    expect(await idsIn(me, albumId, 'asc')).toEqual([x, z, w, y]);
    await expectNumberedOnce(albumId, [x!, y!, z!, w!]);
  });

  it(`${PARALLEL} additions and removals of the same photos at once: every call answered, the album ends consistent`, async () => {
    const me = await newCustomer(server());
    const ids = (await insertPhotoRows(server(), me.id, Array.from({ length: 8 }, () => ({})))).map((r) => r.id);
    const albumId = await newAlbum(me);
    await addOk(me, albumId, ids.slice(0, 4));
    const calls = Array.from({ length: PARALLEL }, (_, k) => {
      const photoIds = [ids[k % 8]!, ids[(k + 3) % 8]!, ids[(k + 5) % 8]!];
      return call(server(), me, k % 2 ? 'DELETE' : 'POST', photosOf(albumId), { photoIds });
    });
    for (const answer of await Promise.all(calls)) expect(answer.statusCode, answer.body).toBeLessThan(300);
    const rows = await server().db.selectFrom('album_photos').select('photo_id').where('album_id', '=', albumId).execute();
    await expectNumberedOnce(albumId, rows.map((r) => r.photo_id));
    expect((await idsIn(me, albumId)).sort()).toEqual(rows.map((r) => r.photo_id).sort());
  });

  it('adding photos while they are deleted from the library: every call answered, no album keeps a deleted photo', async () => {
    const me = await newCustomer(server());
    const ids = (await insertPhotoRows(server(), me.id, Array.from({ length: PARALLEL }, () => ({})))).map((r) => r.id);
    const albumId = await newAlbum(me);
    const calls = ids.flatMap((id, k) => [
      call(server(), me, 'POST', photosOf(albumId), { photoIds: [id, ids[(k + 1) % ids.length]!] }),
      call(server(), me, 'DELETE', `${PHOTOS}/${id}`),
    ]);
    for (const answer of await Promise.all(calls)) expect(answer.statusCode, answer.body).toBeLessThan(300);
    expect(await idsIn(me, albumId)).toEqual([]);
    await expectNumberedOnce(albumId, []);
  });
});
