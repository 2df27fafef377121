import { randomUUID } from 'node:crypto';
import { UNKNOWN_DATE, type SortOrder } from '@shoebox/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { AppError } from '../http/errors.js';
import { decodeCursor, encodeCursor, keysetPage, nextCursor, type Cursor } from './keyset.js';

interface Row {
  id: string;
  taken: string;
}

/** Several photos share a second (bursts) and many share the unknown date, which sorts before every real one. */
const TAKEN = [
  '2024-06-01T12:00:00', '2024-06-01T12:00:00', '2024-06-01T12:00:00',
  '2023-12-24T18:30:00',
  UNKNOWN_DATE, UNKNOWN_DATE, UNKNOWN_DATE, UNKNOWN_DATE,
  '2024-06-01T12:00:01',
  '2019-01-01T00:00:00', '2019-01-01T00:00:00',
  '2025-02-28T23:59:59',
];

/** The order a customer expects: by date, then by id so that equal dates keep one fixed order. */
const expectedOrder = (rows: Row[], order: SortOrder) => {
  const ascending = [...rows].sort((a, b) => (a.taken === b.taken ? (a.id < b.id ? -1 : 1) : a.taken < b.taken ? -1 : 1)).map((r) => r.id);
  return order === 'asc' ? ascending : ascending.reverse();
};

describe.each(databases)('keyset paging on $name', (kind) => {
  const database = useMigratedDatabase(kind);
  const rows: Row[] = TAKEN.map((taken) => ({ id: randomUUID(), taken }));
  const scratch = () => database().withTables<{ keyset_rows: Row }>();

  beforeAll(async () => {
    if (!kind.available) return;
    await scratch().schema.createTable('keyset_rows').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('taken', 'text', (c) => c.notNull()).execute();
    await scratch().insertInto('keyset_rows').values(rows).execute();
  });

  const page = (order: SortOrder, cursor: Cursor | undefined, limit: number) =>
    keysetPage(scratch().selectFrom('keyset_rows').selectAll(), { value: 'taken', id: 'id' }, order, cursor, limit).execute();

  /** Follows the cursors a client is handed, as a client does, until the last page. */
  async function walk(order: SortOrder, limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let raw: string | null | undefined;
    do {
      // A cursor that does not move on would page forever: more pages than rows is already wrong.
      if (pages.length > rows.length) throw new Error(`Still paging after ${pages.length} pages of ${limit}`);
      const found = await page(order, decodeCursor(raw ?? undefined), limit);
      pages.push(found.map((r) => r.id));
      raw = nextCursor(found, limit, (last) => ({ value: last.taken, id: last.id }));
    } while (raw);
    return pages;
  }

  for (const order of ['asc', 'desc'] as const) {
    // Page sizes smaller than, equal to and larger than the groups of equal dates, and one that divides the rows evenly.
    it.each([1, 2, 3, 4, 5, 12, 50])(`${order}: pages of %i give every row exactly once, equal dates and unknown dates included`, async (limit) => {
      const pages = await walk(order, limit);
      expect(pages.flat()).toEqual(expectedOrder(rows, order));
      expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
    });
  }

  it('puts the unknown dates last when newest come first, and first when oldest come first', async () => {
    const unknown = new Set(rows.filter((r) => r.taken === UNKNOWN_DATE).map((r) => r.id));
    const desc = (await walk('desc', 3)).flat();
    const asc = (await walk('asc', 3)).flat();
    expect(desc.slice(-unknown.size).every((id) => unknown.has(id))).toBe(true);
    expect(asc.slice(0, unknown.size).every((id) => unknown.has(id))).toBe(true);
  });

  it('continues after the page it was given even when rows sorting before it arrive in between', async () => {
    const first = await page('desc', undefined, 4);
    const cursor = decodeCursor(nextCursor(first, 4, (last) => ({ value: last.taken, id: last.id }))!);
    const before = await page('desc', cursor, 4);
    await scratch().insertInto('keyset_rows').values({ id: randomUUID(), taken: '2026-01-01T00:00:00' }).execute();
    try {
      expect((await page('desc', cursor, 4)).map((r) => r.id)).toEqual(before.map((r) => r.id));
    } finally {
      await scratch().deleteFrom('keyset_rows').where('taken', '=', '2026-01-01T00:00:00').execute();
    }
  });
});

interface SequencedRow {
  id: string;
  added: string;
  seq: number;
}

describe.each(databases)('keyset paging with a sequence on $name', (kind) => {
  const database = useMigratedDatabase(kind);
  // Three additions, two of them in one millisecond: the sequence keeps each one's rows in the order given.
  const rows: SequencedRow[] = [
    ['2024-01-01T00:00:00.000Z', [3, 1, 2]],
    ['2024-01-02T00:00:00.000Z', [4, 6, 5]],
    ['2024-01-02T00:00:00.000Z', [7, 8]],
  ].flatMap(([added, seqs]) => (seqs as number[]).map((seq) => ({ id: randomUUID(), added: added as string, seq })));
  const scratch = () => database().withTables<{ sequenced_rows: SequencedRow }>();

  beforeAll(async () => {
    if (!kind.available) return;
    await scratch()
      .schema.createTable('sequenced_rows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('added', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .execute();
    await scratch().insertInto('sequenced_rows').values(rows).execute();
  });

  const columns = { value: 'added', sequence: 'seq', id: 'id' } as const;
  const expected = (order: SortOrder) => {
    const times = [...new Set(rows.map((r) => r.added))].sort();
    return (order === 'asc' ? times : times.reverse()).flatMap((added) => rows.filter((r) => r.added === added).sort((a, b) => a.seq - b.seq).map((r) => r.id));
  };

  for (const order of ['asc', 'desc'] as const) {
    it.each([1, 2, 3, 8])(`${order}: pages of %i run by value in that direction and by sequence upwards`, async (limit) => {
      const ids: string[] = [];
      let raw: string | null = null;
      do {
        const found = await keysetPage(scratch().selectFrom('sequenced_rows').selectAll(), columns, order, decodeCursor(raw ?? undefined), limit).execute();
        ids.push(...found.map((r) => r.id));
        raw = nextCursor(found, limit, (last) => ({ value: last.added, sequence: last.seq, id: last.id }));
        if (ids.length > rows.length) throw new Error('Still paging past the last row');
      } while (raw);
      expect(ids).toEqual(expected(order));
    });
  }

  it('refuses a cursor without a sequence with a 400 naming the cursor', () => {
    expect(() => keysetPage(scratch().selectFrom('sequenced_rows').selectAll(), columns, 'asc', { value: rows[0]!.added, id: rows[0]!.id }, 2)).toThrow(
      expect.objectContaining({ status: 400, issues: [expect.objectContaining({ path: 'cursor' })] }),
    );
  });
});

describe('cursors', () => {
  it('come back as they were handed out', () => {
    const cursor = { value: UNKNOWN_DATE, id: randomUUID() };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    const sequenced = { value: UNKNOWN_DATE, sequence: 12, id: randomUUID() };
    expect(decodeCursor(encodeCursor(sequenced))).toEqual(sequenced);
  });

  it('are refused with a 400 naming the cursor when the server did not hand them out', () => {
    const bad = ['[1,2]', '{"value":"a"}', '["a","b",-1]', '["a","b",1.5]', '["a","b","3"]', '["a","b",3,4]'].map((json) => Buffer.from(json).toString('base64url'));
    for (const raw of ['not-base64-json', ...bad]) {
      let error: unknown;
      try {
        decodeCursor(raw);
      } catch (caught) {
        error = caught;
      }
      expect(error, raw).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, issues: [{ path: 'cursor' }] });
    }
  });

  it('are not handed out after a page that came short, since nothing follows it', () => {
    const rows = [{ id: 'a', taken: UNKNOWN_DATE }];
    expect(nextCursor(rows, 2, (r) => ({ value: r.taken, id: r.id }))).toBeNull();
    expect(nextCursor([], 2, (r: Row) => ({ value: r.taken, id: r.id }))).toBeNull();
    expect(nextCursor(rows, 1, (r) => ({ value: r.taken, id: r.id }))).not.toBeNull();
  });
});
