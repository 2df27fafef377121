import { randomBytes, randomUUID } from 'node:crypto';
import { apiErrorSchema, photoInTimelineSchema, THUMBNAIL_SIZES, UNKNOWN_DATE, type PhotoInTimeline, type SortKey, type SortOrder } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, PHOTOS_API, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import type { PhotosTable } from '../../platform/db/schema.js';
import type { TestShoebox } from '../../test/test-server.js';

const photoUrl = (id: string, query = '') => `${PHOTOS_API}/photos/${id}${query}`;
const UNKNOWN_MONTH = UNKNOWN_DATE.slice(0, 7);

/**
 * The whole timeline in display order, as the web lays it out: months newest first for desc (oldest first
 * for asc) with 'Unknown Date' (1970/1) last for desc and first for asc; within a month by the sort value,
 * ties by id.
 */
function timelineOrder(rows: PhotosTable[], sortKey: SortKey, sortOrder: SortOrder): PhotosTable[] {
  const month = (r: PhotosTable) => (sortKey === 'created' ? r.upload_month : r.taken_month);
  const value = (r: PhotosTable) => (sortKey === 'created' ? r.uploaded_at : r.date_taken);
  // Unknown Date sorts below every month, so it ends the newest-first list and starts the oldest-first one.
  const rank = (r: PhotosTable) => (month(r) === UNKNOWN_MONTH ? '' : month(r));
  const key = (r: PhotosTable) => [rank(r), value(r), r.id];
  const ascending = [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
  return sortOrder === 'asc' ? ascending : ascending.reverse();
}

/** Rows for a big library, written straight to the tables (counts included) in large batches. */
async function insertManyRows(server: TestShoebox, customerId: string, months: { month: string; count: number }[]): Promise<PhotosTable[]> {
  const rows: PhotosTable[] = [];
  for (const { month, count } of months) {
    for (let i = 0; i < count; i += 1) {
      const day = String((i % 28) + 1).padStart(2, '0');
      const time = `${String(Math.floor(i / 3600) % 24).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
      const taken = `${month}-${day}T${time}`;
      const uploaded = `2025-03-${day}T${time}.000Z`;
      rows.push({
        id: randomUUID(),
        customer_id: customerId,
        checksum: randomBytes(16).toString('hex'),
        original_name: `BIG_${month}_${i}.jpg`,
        mime: 'image/jpeg',
        bytes: 1000,
        width: 64,
        height: 48,
        date_taken: taken,
        date_taken_offset: null,
        taken_month: month,
        uploaded_at: uploaded,
        upload_month: '2025-03',
        upload_id: 'test-rows',
        renditions: JSON.stringify(THUMBNAIL_SIZES.map((size) => ({ size, width: 64, height: 48 }))),
      });
    }
  }
  const { db } = server;
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('photos').values(rows.slice(i, i + 1000)).execute();
  const counts = [...months.map(({ month, count }) => ({ sort_key: 'dateTaken' as const, month, count })), { sort_key: 'created' as const, month: '2025-03', count: rows.length }];
  await db.insertInto('photo_month_counts').values(counts.map((c) => ({ customer_id: customerId, ...c }))).execute();
  return rows;
}

describe.each(databases)('GET /photos/:id (a photo and its place in the timeline) on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function inTimeline(who: TestCustomer, id: string, query = ''): Promise<PhotoInTimeline> {
    const response = await server().app.inject({ url: photoUrl(id, query), headers: who.headers });
    expect(response.statusCode, `${id}${query}: ${response.body}`).toBe(200);
    return photoInTimelineSchema.parse(response.json());
  }

  /** Three months, ties on the same second, two photos without a date and one really taken in January 1970. */
  async function library() {
    const me = await newCustomer(server());
    const rows = await insertPhotoRows(server(), me.id, [
      { dateTaken: '2023-03-05T10:00:00', uploadedAt: '2024-02-10T12:00:00.000Z' },
      { dateTaken: '2023-03-05T10:00:00', uploadedAt: '2024-02-10T12:00:00.000Z' },
      { dateTaken: '2023-03-31T23:59:59', offset: '+02:00', uploadedAt: '2024-02-29T23:59:59.999Z' },
      { dateTaken: '2023-11-02T08:00:00', uploadedAt: '2024-03-01T00:00:00.000Z' },
      { dateTaken: '2024-01-01T00:00:00', uploadedAt: '2024-03-15T09:00:00.000Z' },
      { uploadedAt: '2024-03-15T09:00:01.000Z' },
      { uploadedAt: '2025-12-31T23:00:00.000Z' },
      { dateTaken: '1970-01-02T00:00:00', uploadedAt: '2024-02-11T00:00:00.000Z' },
    ]);
    return { me, rows };
  }

  it('answers every photo with its month and its neighbours across months, for both sort keys and orders', async () => {
    const { me, rows } = await library();
    for (const sortKey of ['dateTaken', 'created'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const order = timelineOrder(rows, sortKey, sortOrder);
        for (const [i, row] of order.entries()) {
          const answer = await inTimeline(me, row.id, `?sortKey=${sortKey}&sortOrder=${sortOrder}`);
          const label = `${sortKey} ${sortOrder} #${i}`;
          const month = sortKey === 'created' ? row.upload_month : row.taken_month;
          expect(answer.photo.imageId, label).toBe(row.id);
          expect([answer.year, answer.month], label).toEqual([Number(month.slice(0, 4)), Number(month.slice(5, 7))]);
          expect(answer.previous?.imageId ?? null, label).toBe(order[i - 1]?.id ?? null);
          expect(answer.next?.imageId ?? null, label).toBe(order[i + 1]?.id ?? null);
        }
      }
    }
  });

  it('is the same photo the month page shows (date taken, newest first by default), Unknown Date last', async () => {
    const { me, rows } = await library();
    const unknown = rows[5]!;
    const answer = await inTimeline(me, unknown.id);
    expect(answer).toMatchObject({ year: 1970, month: 1 });
    expect(answer.photo).toMatchObject({ imageId: unknown.id, localFileName: unknown.original_name });
    expect(answer.photo.dateTaken).toBeUndefined();
    const page = await server().app.inject({ url: `${PHOTOS_API}/photos/timeline/1970/1`, headers: me.headers });
    expect(page.json().images).toContainEqual(answer.photo);

    const newest = await inTimeline(me, rows[4]!.id);
    expect(newest).toMatchObject({ year: 2024, month: 1, previous: null });
    expect(newest.photo.dateTaken).toBe('2024-01-01T00:00:00');
    expect((await inTimeline(me, rows[2]!.id)).photo.dateTaken).toBe('2023-03-31T23:59:59+02:00');
  });

  it("another customer's photo, an unknown id and a deleted photo answer 404 without any of the photo's data", async () => {
    const { me, rows } = await library();
    const stranger = await newCustomer(server());
    for (const [who, id] of [
      [stranger, rows[0]!.id],
      [me, randomUUID()],
      [me, 'no-such-photo'],
    ] as const) {
      const response = await server().app.inject({ url: photoUrl(id), headers: who.headers });
      expect(response.statusCode, id).toBe(404);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found', message: 'Photo not found' });
      expect(response.body).not.toContain(rows[0]!.original_name);
    }
    expect((await server().app.inject({ method: 'DELETE', url: photoUrl(rows[0]!.id), headers: me.headers })).statusCode).toBe(204);
    expect((await server().app.inject({ url: photoUrl(rows[0]!.id), headers: me.headers })).statusCode).toBe(404);
    // Its old neighbours now neighbour each other.
    const order = timelineOrder(rows.slice(1), 'dateTaken', 'desc');
    const at = order.findIndex((r) => r.id === rows[1]!.id);
    expect((await inTimeline(me, rows[1]!.id)).next?.imageId ?? null).toBe(order[at + 1]?.id ?? null);
  });

  it('400 naming the field for a malformed id or sort, and 401 without a token', async () => {
    const { me, rows } = await library();
    for (const [url, field] of [
      [photoUrl('x'.repeat(65)), 'id'],
      [photoUrl('%01abc'), 'id'],
      [photoUrl(rows[0]!.id, '?sortKey=name'), 'sortKey'],
      [photoUrl(rows[0]!.id, '?sortOrder=up'), 'sortOrder'],
    ] as const) {
      const response = await server().app.inject({ url, headers: me.headers });
      expect(response.statusCode, url).toBe(400);
      const error = apiErrorSchema.parse(response.json());
      expect(error, url).toMatchObject({ status: 400, error: 'bad_request' });
      expect(error.issues?.map((i) => i.path), url).toContain(field);
    }
    const anonymous = await server().app.inject({ url: photoUrl(rows[0]!.id) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(rows[0]!.original_name);
  });

  it('finds a photo deep in a big month of a big library in one call, with its neighbours, across the month edges', async () => {
    const me = await newCustomer(server());
    const months = [
      { month: '2021-07', count: 6_000 },
      { month: '2021-06', count: 2_000 },
      { month: '2020-12', count: 12_000 },
    ];
    const rows = await insertManyRows(server(), me.id, months);
    const order = timelineOrder(rows, 'dateTaken', 'desc');
    const deep = 6_000 + 2_000 + 7_345;
    const answer = await inTimeline(me, order[deep]!.id);
    expect(answer).toMatchObject({ year: 2020, month: 12 });
    expect([answer.previous?.imageId, answer.photo.imageId, answer.next?.imageId]).toEqual([order[deep - 1]!.id, order[deep]!.id, order[deep + 1]!.id]);

    // The first photo of a month: the one before is the last of the month before it in the timeline.
    const firstOfJune = await inTimeline(me, order[6_000]!.id);
    expect([firstOfJune.previous?.imageId, firstOfJune.next?.imageId]).toEqual([order[5_999]!.id, order[6_001]!.id]);
    const lastOfJune = await inTimeline(me, order[7_999]!.id);
    expect(lastOfJune.next?.imageId).toBe(order[8_000]!.id);
    expect((await inTimeline(me, order.at(-1)!.id)).next).toBeNull();
    // Oldest first, the same photo has its neighbours swapped.
    const asc = await inTimeline(me, order[deep]!.id, '?sortOrder=asc');
    expect([asc.previous?.imageId, asc.next?.imageId]).toEqual([order[deep + 1]!.id, order[deep - 1]!.id]);
  }, 120_000);
});
