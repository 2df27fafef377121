/**
 * Keyset paging, the one way lists are paged: rows are ordered by (sort value, id), the id breaking
 * ties, and a page starts after the previous page's last row instead of skipping an offset. A page
 * then costs one index range read wherever it is in a list of any length, and rows added or deleted
 * meanwhile never shift a page into repeating or skipping rows.
 */
import { textProblem, type SortOrder } from '@shoebox/contracts';
import { sql, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import { badRequest } from '../http/errors.js';

/** Where a page ended: the sort value and id of its last row, and its sequence in a list that has one. */
export interface Cursor {
  value: string;
  sequence?: number;
  id: string;
}

/** The columns a list is ordered by: its sort value, then the unique id that breaks ties. */
export interface KeysetColumns<DB, TB extends keyof DB> {
  value: StringReference<DB, TB>;
  /**
   * Orders rows of equal value before the id, always ascending, whichever way the list runs: the order rows
   * were given in one go (photos added to an album together keep the order they were chosen in).
   */
  sequence?: StringReference<DB, TB>;
  id: StringReference<DB, TB>;
}

/**
 * Narrows `query` to the page after `cursor` in `order` and orders and limits it. Columns the query
 * already orders by stay first (the photos' month, which lets a month index serve the whole list).
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: KeysetColumns<DB, TB>,
  order: SortOrder,
  cursor: Cursor | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const beyond = order === 'asc' ? sql`>` : sql`<`;
  const { value, sequence, id } = columns;
  if (sequence) {
    // Past the cursor's value, or at it and past its (sequence, id), which run ascending either way.
    if (cursor && cursor.sequence === undefined) throw invalidCursor();
    const after = cursor
      ? query.where(
          sql<SqlBool>`(${sql.ref(value)} ${beyond} ${cursor.value} or (${sql.ref(value)} = ${cursor.value} and (${sql.ref(sequence)}, ${sql.ref(id)}) > (${cursor.sequence}, ${cursor.id})))`,
        )
      : query;
    return after.orderBy(value, order).orderBy(sequence, 'asc').orderBy(id, 'asc').limit(limit);
  }
  // A row value comparison, which both databases answer from an index on (…, value, id).
  const after = cursor ? query.where(sql<SqlBool>`(${sql.ref(value)}, ${sql.ref(id)}) ${beyond} (${cursor.value}, ${cursor.id})`) : query;
  return after.orderBy(value, order).orderBy(id, order).limit(limit);
}

const invalidCursor = () => badRequest('Invalid cursor', [{ path: 'cursor', message: 'Not a cursor this server handed out' }]);

/** Opaque to callers: a client hands it back unchanged to get the next page. */
export function encodeCursor(cursor: Cursor): string {
  const parts = cursor.sequence === undefined ? [cursor.value, cursor.id] : [cursor.value, cursor.id, cursor.sequence];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** A cursor from a request; anything this server did not hand out is a 400 naming the field. */
export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const [value, id, sequence, ...rest] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    // A client can decode and re-encode a cursor: control characters (a NUL fails on PostgreSQL) were never handed out.
    if (typeof value === 'string' && typeof id === 'string' && !textProblem(value) && !textProblem(id) && rest.length === 0) {
      if (sequence === undefined) return { value, id };
      if (Number.isSafeInteger(sequence) && (sequence as number) >= 0) return { value, sequence: sequence as number, id };
    }
  } catch {
    // falls through to the error below
  }
  throw invalidCursor();
}

/** The cursor of the page after `rows`; null when `rows` came short of `limit`, so nothing follows. */
export function nextCursor<R>(rows: readonly R[], limit: number, cursorOf: (row: R) => Cursor): string | null {
  const last = rows.at(-1);
  return rows.length === limit && last ? encodeCursor(cursorOf(last)) : null;
}
