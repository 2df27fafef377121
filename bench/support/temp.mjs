import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deferCleanup } from './cleanup.mjs';

/** A new empty directory under the OS temp dir, removed by `remove()` or by the run's cleanup. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shoebox-bench-${prefix}-`));
  const remove = deferCleanup(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 }));
  return { dir, remove };
}
