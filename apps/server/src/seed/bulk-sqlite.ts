import SqliteDatabase from 'better-sqlite3';

/**
 * A fresh SQLite file under a temporary name, opened for a bulk build: no journal, no syncing, one
 * writer, a large cache. A crash just means building again, so none of that safety is needed.
 */
export function openBulkSqlite(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('locking_mode = EXCLUSIVE');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('cache_size = -524288');
  return sqlite;
}
