/**
 * Gives every one of the bench customer's photos its blob folder, hard-linked from the pictures'
 * files, in a worker thread so it runs while the rows go in.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { photoBlobPrefix } from '../../platform/blobs/photo-blob-keys.js';
import type { PictureFiles } from './bench-pictures.js';

/** ext4 allows 65,000 links to one inode: a source file gets a fresh copy after this many. */
const LINKS_PER_INODE = 50_000;

/** Runs in a worker thread: makes each photo's folder and hard-links the picture's files into it. */
const LINK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { blobsRoot, pictures, linksPerInode } = workerData;
// Per picture: the set of source files links currently go to, and how many links it has.
const current = pictures.map((files) => ({ files, links: 0 }));
let sourceFiles = pictures.length;
let copied = 0;
let photos = 0;
function freshCopy(p) {
  const files = {};
  for (const [name, file] of Object.entries(pictures[p])) {
    const copy = file.replace(/\\.jpg$/, '') + '-copy' + sourceFiles + '.jpg';
    fs.copyFileSync(file, copy);
    files[name] = copy;
  }
  sourceFiles++;
  current[p] = { files, links: 0 };
}
function place(source, target, p) {
  try {
    fs.linkSync(source, target);
  } catch (error) {
    if (error.code === 'EMLINK') { freshCopy(p); return false; }
    if (error.code === 'EXDEV' || error.code === 'EPERM' || error.code === 'ENOTSUP') { fs.copyFileSync(source, target); copied++; return true; }
    throw error;
  }
  return true;
}
parentPort.on('message', (job) => {
  if (job.done) { parentPort.postMessage({ photos, sourceFiles, copied }); return; }
  const base = path.join(blobsRoot, job.prefixRoot);
  fs.mkdirSync(base, { recursive: true });
  for (let i = 0; i < job.ids.length; i++) {
    const p = job.pictures[i];
    if (current[p].links >= linksPerInode) freshCopy(p);
    const dir = path.join(base, job.ids[i]);
    fs.mkdirSync(dir);
    for (const name of Object.keys(current[p].files)) {
      while (!place(current[p].files[name], path.join(dir, name), p)) {}
    }
    current[p].links++;
    photos++;
  }
});
`;

export type BlobLinker = ReturnType<typeof startLinker>;

export function startLinker(blobsRoot: string, pictures: PictureFiles[]) {
  const worker = new Worker(LINK_WORKER, { eval: true, workerData: { blobsRoot, pictures: pictures.map((p) => p.files), linksPerInode: LINKS_PER_INODE } });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The blob linking worker stopped (exit code ${code})`)));
  });
  failed.catch(() => {});
  return {
    link(customerId: string, ids: string[], pictureIndexes: Uint8Array) {
      const prefixRoot = path.dirname(photoBlobPrefix(customerId, 'x'));
      worker.postMessage({ prefixRoot, ids, pictures: pictureIndexes });
    },
    async finish(): Promise<{ photos: number; sourceFiles: number; copied: number }> {
      const done = new Promise<{ photos: number; sourceFiles: number; copied: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage({ done: true });
      try {
        return await Promise.race([done, failed]);
      } finally {
        worker.removeAllListeners('exit');
        await worker.terminate();
      }
    },
    async abort() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
