/**
 * Where the generated rows go: one prepared statement in big transactions through better-sqlite3
 * directly on SQLite, multi-row Kysely inserts on PostgreSQL.
 */
import type { Db } from '../../platform/db/database.js';
import type { PhotoMonthCountsTable, PhotosTable } from '../../platform/db/schema.js';
import { openBulkSqlite } from '../bulk-sqlite.js';
import { MARKER_SECRET } from './library-cache.js';

/** Rows per multi-row INSERT on PostgreSQL (16 columns, well under its 65,535 parameters). */
const PG_ROWS_PER_STATEMENT = 1_000;

const PHOTO_COLUMNS = [
  'id', 'customer_id', 'checksum', 'original_name', 'mime', 'bytes', 'width', 'height', 'date_taken', 'date_taken_offset',
  'taken_month', 'uploaded_at', 'upload_month', 'upload_id', 'renditions',
] as const satisfies readonly (keyof PhotosTable)[];

export interface RowSink {
  photos(rows: PhotosTable[]): Promise<void>;
  counts(rows: PhotoMonthCountsTable[]): Promise<void>;
  marker(key: string): Promise<void>;
  close(): Promise<void>;
}

export function sqliteSink(file: string): RowSink {
  const sqlite = openBulkSqlite(file);
  const insertPhoto = sqlite.prepare(`INSERT INTO photos (${PHOTO_COLUMNS.join(', ')}) VALUES (${PHOTO_COLUMNS.map(() => '?').join(', ')})`);
  const insertCount = sqlite.prepare('INSERT INTO photo_month_counts (customer_id, sort_key, month, count) VALUES (?, ?, ?, ?)');
  const photos = sqlite.transaction((rows: PhotosTable[]) => {
    for (const r of rows) {
      insertPhoto.run(r.id, r.customer_id, r.checksum, r.original_name, r.mime, r.bytes, r.width, r.height, r.date_taken, r.date_taken_offset, r.taken_month, r.uploaded_at, r.upload_month, r.upload_id, r.renditions);
    }
  });
  const counts = sqlite.transaction((rows: PhotoMonthCountsTable[]) => {
    for (const r of rows) insertCount.run(r.customer_id, r.sort_key, r.month, r.count);
  });
  return {
    async photos(rows) {
      photos(rows);
    },
    async counts(rows) {
      counts(rows);
    },
    async marker(key) {
      sqlite.prepare('INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?)').run(MARKER_SECRET, key, new Date().toISOString());
    },
    async close() {
      sqlite.pragma('locking_mode = NORMAL');
      // The server opens it in WAL mode; leave it that way, checkpointed.
      sqlite.pragma('journal_mode = WAL');
      sqlite.close();
    },
  };
}

export function kyselySink(db: Db): RowSink {
  return {
    async photos(rows) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += PG_ROWS_PER_STATEMENT) await trx.insertInto('photos').values(rows.slice(i, i + PG_ROWS_PER_STATEMENT)).execute();
      });
    },
    async counts(rows) {
      for (let i = 0; i < rows.length; i += PG_ROWS_PER_STATEMENT) await db.insertInto('photo_month_counts').values(rows.slice(i, i + PG_ROWS_PER_STATEMENT)).execute();
    },
    async marker(key) {
      await db.insertInto('secrets').values({ name: MARKER_SECRET, value: key, created_at: new Date().toISOString() }).execute();
    },
    async close() {
      await db.destroy();
    },
  };
}
