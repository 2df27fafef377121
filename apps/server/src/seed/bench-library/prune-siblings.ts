import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { readManifest } from './library-cache.js';

/**
 * Keeps one library in the cache folder: the others (and leftovers of interrupted builds) are moved
 * aside at once and deleted while the new one is built (`rm -rf` is about twice as fast as
 * fs.rmSync on half a million hard links); resolves when they are gone.
 */
export function pruneSiblings(dataDir: string, log: (m: string) => void): Promise<void> {
  const parent = path.dirname(dataDir);
  if (!fs.existsSync(parent)) return Promise.resolve();
  const trash = path.join(parent, `.trash-${process.pid}`);
  for (const entry of fs.readdirSync(parent)) {
    const full = path.join(parent, entry);
    if (full === dataDir || full === `${dataDir}.partial` || full === trash) continue;
    if (!readManifest(full) && !entry.endsWith('.partial') && !entry.startsWith('.trash-')) continue;
    log(`removing the older library ${full}`);
    fs.mkdirSync(trash, { recursive: true });
    fs.renameSync(full, path.join(trash, entry));
  }
  if (!fs.existsSync(trash)) return Promise.resolve();
  const removeInWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(`require('node:fs').rmSync(require('node:worker_threads').workerData, { recursive: true, force: true, maxRetries: 3 })`, { eval: true, workerData: trash });
      worker.once('error', reject);
      worker.once('exit', () => resolve());
    });
  return new Promise<void>((resolve) => {
    const rm = spawn('rm', ['-rf', trash], { stdio: 'ignore' });
    rm.once('error', () => resolve(removeInWorker()));
    rm.once('exit', (code) => resolve(code === 0 ? undefined : removeInWorker()));
  });
}
