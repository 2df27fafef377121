import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  photoInTimelineSchema,
  photoPageSchema,
  timelineCountsSchema,
  UNKNOWN_MONTH,
  UNKNOWN_YEAR,
  type PhotoInTimeline,
  type SortKey,
  type SortOrder,
} from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { insertPhotoRows, newCustomer, PHOTOS_API, type PhotoSpec, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

const SORTS = (['dateTaken', 'created'] as const).flatMap((sortKey) => (['asc', 'desc'] as const).map((sortOrder) => ({ sortKey, sortOrder })));
/** Small month pages, so a month's photos are read across several cursors as the grid reads them. */
const PAGE_LIMIT = 2;

describe.each(databases)('walking the timeline one photo at a time (GET /photos/:id) on $name', (kind) => {
  const server = useLibraryServer(kind);

  const get = (who: TestCustomer, url: string) => server().app.inject({ url: `${PHOTOS_API}${url}`, headers: who.headers });

  async function inTimeline(who: TestCustomer, id: string, sortKey: SortKey, sortOrder: SortOrder): Promise<PhotoInTimeline> {
    const response = await get(who, `/photos/${encodeURIComponent(id)}?sortKey=${sortKey}&sortOrder=${sortOrder}`);
    expect(response.statusCode, response.body).toBe(200);
    return photoInTimelineSchema.parse(response.json());
  }

  /** The timeline as the grid shows it: the counts' months in display order, each month's pages followed to the end. */
  async function timeline(who: TestCustomer, sortKey: SortKey, sortOrder: SortOrder): Promise<{ id: string; year: number; month: number }[]> {
    const counts = timelineCountsSchema.parse((await get(who, `/users/timeline?sortKey=${sortKey}`)).json());
    const months = Object.entries(counts).flatMap(([year, byMonth]) => Object.keys(byMonth).map((month) => ({ year: Number(year), month: Number(month) })));
    const unknown = (m: { year: number; month: number }) => m.year === UNKNOWN_YEAR && m.month === UNKNOWN_MONTH;
    const known = months.filter((m) => !unknown(m)).sort((a, b) => (sortOrder === 'asc' ? 1 : -1) * (a.year - b.year || a.month - b.month));
    const ordered = months.some(unknown) ? (sortOrder === 'asc' ? [{ year: UNKNOWN_YEAR, month: UNKNOWN_MONTH }, ...known] : [...known, { year: UNKNOWN_YEAR, month: UNKNOWN_MONTH }]) : known;
    const photos: { id: string; year: number; month: number }[] = [];
    for (const { year, month } of ordered) {
      let cursor: string | null = null;
      do {
        const query: URLSearchParams = new URLSearchParams({ sortKey, sortOrder, limit: String(PAGE_LIMIT), ...(cursor ? { cursor } : {}) });
        const page = photoPageSchema.parse((await get(who, `/photos/timeline/${year}/${month}?${query}`)).json());
        photos.push(...page.images.map((p) => ({ id: p.imageId, year, month })));
        cursor = page.cursor;
      } while (cursor);
    }
    return photos;
  }

  /** Follows `next` (or `previous`) from `start` until null; stops at twice the library's size, so a loop shows as a failure. */
  async function walk(who: TestCustomer, start: string, sortKey: SortKey, sortOrder: SortOrder, way: 'next' | 'previous', size: number) {
    const visited: { id: string; year: number; month: number }[] = [];
    let id: string | undefined = start;
    while (id && visited.length <= 2 * size) {
      const answer = await inTimeline(who, id, sortKey, sortOrder);
      visited.push({ id: answer.photo.imageId, year: answer.year, month: answer.month });
      id = answer[way]?.imageId;
    }
    return visited;
  }

  async function expectWalksMatchTheGrid(who: TestCustomer, size: number) {
    for (const { sortKey, sortOrder } of SORTS) {
      const grid = await timeline(who, sortKey, sortOrder);
      expect(grid, `${sortKey} ${sortOrder}: the grid shows every photo once`).toHaveLength(size);
      expect(await walk(who, grid[0]!.id, sortKey, sortOrder, 'next', size), `${sortKey} ${sortOrder} next`).toEqual(grid);
      expect(await walk(who, grid.at(-1)!.id, sortKey, sortOrder, 'previous', size), `${sortKey} ${sortOrder} previous`).toEqual([...grid].reverse());
    }
  }

  it('visits every photo exactly once, in the month pages’ order, both ways, through ties, Unknown Date and every month edge', async () => {
    const me = await newCustomer(server());
    const sameSecond = '2023-03-05T10:00:00';
    const sameUpload = '2024-02-10T12:00:00.000Z';
    const specs: PhotoSpec[] = [
      // Five taken in the same second and uploaded in the same millisecond: only the id tells them apart.
      ...Array.from({ length: 5 }, () => ({ dateTaken: sameSecond, uploadedAt: sameUpload })),
      // Four without a date, two of them uploaded together.
      { uploadedAt: sameUpload },
      { uploadedAt: sameUpload },
      { uploadedAt: '2019-01-01T00:00:00.000Z' },
      { uploadedAt: '2025-12-31T23:59:59.999Z' },
      // Really taken in 1970 (shown under Unknown Date too), the first and last instant of months, a lone month.
      { dateTaken: '1970-01-02T00:00:00', uploadedAt: '2024-02-11T00:00:00.000Z' },
      { dateTaken: '2023-03-01T00:00:00', uploadedAt: '2024-03-01T00:00:00.000Z' },
      { dateTaken: '2023-03-31T23:59:59', offset: '+14:00', uploadedAt: '2024-02-29T23:59:59.999Z' },
      { dateTaken: '2023-04-01T00:00:00', offset: '-12:00', uploadedAt: '2024-03-01T00:00:00.000Z' },
      { dateTaken: '2001-12-31T23:59:59', uploadedAt: sameUpload },
      { dateTaken: '9999-12-31T23:59:59', uploadedAt: '2024-02-10T12:00:00.001Z' },
    ];
    await insertPhotoRows(server(), me.id, specs);
    // Another customer's photos sit in the same months and seconds: never a neighbour.
    const other = await newCustomer(server());
    await insertPhotoRows(server(), other.id, [{ dateTaken: sameSecond, uploadedAt: sameUpload }, { uploadedAt: sameUpload }, { dateTaken: '2023-03-02T00:00:00' }]);

    await expectWalksMatchTheGrid(me, specs.length);
  });

  it('the only photo of a library has no neighbours under any sort; nor do the first and last of a one-month library outside it', async () => {
    const me = await newCustomer(server());
    const [only] = await insertPhotoRows(server(), me.id, [{}]);
    for (const { sortKey, sortOrder } of SORTS) {
      expect(await inTimeline(me, only!.id, sortKey, sortOrder), `${sortKey} ${sortOrder}`).toMatchObject({ previous: null, next: null });
    }
    const month = await newCustomer(server());
    await insertPhotoRows(server(), month.id, [{ dateTaken: '2022-06-01T08:00:00' }, { dateTaken: '2022-06-01T08:00:00' }, { dateTaken: '2022-06-30T08:00:00' }]);
    await expectWalksMatchTheGrid(month, 3);
    const unknownOnly = await newCustomer(server());
    await insertPhotoRows(server(), unknownOnly.id, [{}, {}, {}]);
    await expectWalksMatchTheGrid(unknownOnly, 3);
  });

  it('a deleted photo is 404 and its neighbours close the gap; the walk is whole again', async () => {
    const me = await newCustomer(server());
    const rows = await insertPhotoRows(server(), me.id, [{ dateTaken: '2022-06-01T08:00:00' }, { dateTaken: '2022-07-01T08:00:00' }, {}, { dateTaken: '2022-08-01T08:00:00' }]);
    expect((await server().app.inject({ method: 'DELETE', url: `${PHOTOS_API}/photos/${rows[1]!.id}`, headers: me.headers })).statusCode).toBe(204);
    const gone = await get(me, `/photos/${rows[1]!.id}`);
    expect(gone.statusCode).toBe(404);
    expect(apiErrorSchema.parse(gone.json())).toMatchObject({ status: 404, error: 'not_found', message: 'Photo not found' });
    await expectWalksMatchTheGrid(me, 3);
  });

  it("another customer's photo is 404, whatever sort is asked, and tells nothing of it", async () => {
    const me = await newCustomer(server());
    const stranger = await newCustomer(server());
    const [theirs] = await insertPhotoRows(server(), stranger.id, [{ dateTaken: '2022-06-01T08:00:00' }]);
    await insertPhotoRows(server(), me.id, [{ dateTaken: '2022-06-01T08:00:00' }]);
    for (const { sortKey, sortOrder } of SORTS) {
      const response = await get(me, `/photos/${theirs!.id}?sortKey=${sortKey}&sortOrder=${sortOrder}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(theirs!.original_name);
      expect(response.body).not.toContain(theirs!.id);
    }
  });

  it('odd ids answer 404 or 400 in the one error shape, never 500, and change nothing', async () => {
    const me = await newCustomer(server());
    const [mine] = await insertPhotoRows(server(), me.id, [{ dateTaken: '2022-06-01T08:00:00' }]);
    const notFound = [
      randomUUID(),
      "' or '1'='1",
      '1; drop table photos; --',
      `${mine!.id}' --`,
      'ünïcödé-фото-照片-📷',
      '\u202Eevil',
      'x'.repeat(64),
      '📷'.repeat(33),
      mine!.id.toUpperCase(),
      `${mine!.id} `,
      '%25',
    ];
    for (const id of notFound) {
      const response = await get(me, `/photos/${encodeURIComponent(id)}`);
      expect(response.statusCode, `${JSON.stringify(id)}: ${response.body}`).toBe(404);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, message: 'Photo not found' });
    }
    // A NUL is refused for the whole address before any route (issue path 'path'); the rest name the id.
    const malformed = ['x'.repeat(65), 'a\u0001b', 'a\nb', 'a\u007fb', '\u0085'];
    for (const id of malformed) {
      const response = await get(me, `/photos/${encodeURIComponent(id)}`);
      expect(response.statusCode, `${JSON.stringify(id)}: ${response.body}`).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path), `${JSON.stringify(id)}: ${response.body}`).toContain('id');
    }
    const nul = await get(me, '/photos/%00');
    expect(nul.statusCode).toBe(400);
    expect(apiErrorSchema.parse(nul.json()).issues?.map((i) => i.path)).toContain('path');
    // Not valid percent-encoding or UTF-8 at all, or longer than any route takes (then no route matches).
    for (const raw of ['%', '%zz', '%FF', '%ED%A0%80', '%C0%AF', encodeURIComponent('📷'.repeat(65)), 'x'.repeat(10_000)]) {
      const response = await get(me, `/photos/${raw}`);
      expect(response.statusCode, `${raw}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${raw}: ${response.body}`).toBeLessThan(500);
      expect(apiErrorSchema.safeParse(response.json()).success, `${raw}: ${response.body}`).toBe(true);
    }
    expect((await inTimeline(me, mine!.id, 'dateTaken', 'desc')).photo.imageId).toBe(mine!.id);
  });

  it('every sort the contract names answers; anything else is a 400 naming the field', async () => {
    const me = await newCustomer(server());
    const [mine] = await insertPhotoRows(server(), me.id, [{ dateTaken: '2022-06-01T08:00:00' }]);
    for (const query of ['', '?sortKey=created', '?sortOrder=asc', '?sortKey=dateTaken&sortOrder=desc', '?unknown=1']) {
      expect((await get(me, `/photos/${mine!.id}${query}`)).statusCode, query).toBe(200);
    }
    for (const [query, field] of [
      ['?sortKey=', 'sortKey'],
      ['?sortKey=DATETAKEN', 'sortKey'],
      ['?sortKey=name', 'sortKey'],
      ['?sortKey=__proto__', 'sortKey'],
      ['?sortKey=created&sortKey=dateTaken', 'sortKey'],
      ['?sortOrder=', 'sortOrder'],
      ['?sortOrder=ASC', 'sortOrder'],
      ['?sortOrder=up', 'sortOrder'],
      ['?sortOrder=asc&sortOrder=desc', 'sortOrder'],
      ['?sortOrder=%00asc', 'query'],
    ] as const) {
      const response = await get(me, `/photos/${mine!.id}${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      const error = apiErrorSchema.parse(response.json());
      expect(error.issues?.map((i) => i.path), query).toContain(field);
    }
  });
});
