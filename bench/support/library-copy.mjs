// A writable copy of the seeded library (support/library.mjs) for benches that change data: a new
// temporary DATA_DIR holding a copy of the library's SQLite database (and its -wal, if one is there),
// removed by `remove()` or by the run's cleanup. The cached library under .tmp/bench-library/ is
// shared by every run and is never opened by this, only read as a file. Only the database is copied:
// blobs/ is left out, so the copy's photo files answer 404.
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './temp.mjs';

const stamp = (file) => {
  const s = fs.statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'absent';
};

/**
 * Answers { dataDir, bytes, copyMs, remove(), sourceUnchanged() }; `sourceUnchanged()` tells whether
 * the library's database files still have the size and modification time they had when copied.
 */
export function copyLibrary(library) {
  if (library.database?.kind !== 'sqlite') throw new Error(`copyLibrary copies a SQLite library; this one is ${library.database?.kind}`);
  const source = library.database.file;
  const files = [source, `${source}-wal`];
  const before = files.map(stamp).join(' ');
  const { dir, remove } = tempDir('library');
  const started = performance.now();
  let bytes = 0;
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const target = path.join(dir, `shoebox.db${file.slice(source.length)}`);
    fs.copyFileSync(file, target);
    bytes += fs.statSync(target).size;
  }
  return {
    dataDir: dir,
    bytes,
    copyMs: performance.now() - started,
    remove,
    sourceUnchanged: () => files.map(stamp).join(' ') === before,
  };
}
