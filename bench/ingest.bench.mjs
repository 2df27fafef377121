// Ingest of one 12-megapixel photo-like JPEG (4000x3000, makeTestJpeg): ingestPhoto(file), which
// checks the file, reads EXIF, hashes it and makes the 300/800/1300 renditions from one decode.
// Baseline: plain sharp making the same three sizes independently, three pipelines from the file
// (rotate, resize inside, JPEG at the same settings), run together as a plain implementation would.
// Both run in this process on the built server code, interleaved, median of RUNS after a warm-up.
// The printed ratio is a speed ratio: baseline ms / ingest ms (>= 1 means ingest is faster).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './support/paths.mjs';
import { median, row } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const RUNS = 7;
const WARMUP = 2;
const BUDGET_SPEED_RATIO = 0.9;
const INGEST_DIR = path.join(REPO_ROOT, 'apps/server/dist/modules/uploads/ingest');

export default async function ingest({ log }) {
  const { ingestPhoto } = await import(pathToFileURL(path.join(INGEST_DIR, 'ingest-photo.js')).href);
  const { makeTestJpeg } = await import(pathToFileURL(path.join(REPO_ROOT, 'apps/server/dist/seed/photo-like-images.js')).href);
  const { RENDITION_JPEG_OPTIONS } = await import(pathToFileURL(path.join(INGEST_DIR, 'make-renditions.js')).href);
  // The very sharp (ESM) instance the server code uses, with the concurrency ingest-photo.js set. Loading
  // sharp's CommonJS build as well would reset libvips to sharp's glibc default of one thread.
  const { default: sharp } = await import('sharp');
  if (sharp.concurrency() !== os.availableParallelism()) {
    throw new Error(`sharp runs ${sharp.concurrency()} thread(s), ingest-photo.js sets ${os.availableParallelism()}: not the server's sharp instance?`);
  }
  const sizes = [1300, 800, 300];

  const plainSharp = (file) =>
    Promise.all(sizes.map((size) => sharp(file).rotate().resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true }).jpeg(RENDITION_JPEG_OPTIONS).toBuffer({ resolveWithObject: true })));

  const work = tempDir('ingest');
  try {
    const file = path.join(work.dir, 'IMG_4000x3000.jpg');
    fs.writeFileSync(file, await makeTestJpeg({ width: 4000, height: 3000, seed: 7, quality: 90, dateTaken: { local: '2024-07-14T16:05:09', offset: '+02:00' } }));
    log(`test photo: 4000x3000, ${(fs.statSync(file).size / 1024 / 1024).toFixed(2)} MB; sharp concurrency ${sharp.concurrency()}`);

    // Both must make the same thing, or the comparison means nothing.
    const ingested = await ingestPhoto(file);
    const plain = await plainSharp(file);
    const dims = (list) => list.map((r) => `${r.width}x${r.height}`).sort().join(' ');
    const ours = dims(ingested.renditions);
    const theirs = dims(plain.map((r) => r.info));
    if (ours !== theirs) throw new Error(`ingestPhoto made ${ours}, plain sharp ${theirs}`);

    const time = async (fn) => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    for (let i = 0; i < WARMUP; i++) {
      await time(() => ingestPhoto(file));
      await time(() => plainSharp(file));
    }
    const oursMs = [];
    const baseMs = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so neither always runs on a cache the other warmed.
      if (i % 2) {
        oursMs.push(await time(() => ingestPhoto(file)));
        baseMs.push(await time(() => plainSharp(file)));
      } else {
        baseMs.push(await time(() => plainSharp(file)));
        oursMs.push(await time(() => ingestPhoto(file)));
      }
    }
    log(`ingestPhoto ${oursMs.map((v) => v.toFixed(0)).join(' ')} ms; plain sharp ${baseMs.map((v) => v.toFixed(0)).join(' ')} ms`);

    return {
      rows: [
        row({
          name: `ingestPhoto, 12 MP JPEG -> 300/800/1300 (median of ${RUNS})`,
          value: median(oursMs),
          unit: 'ms',
          baseline: median(baseMs),
          baselineLabel: '3 plain sharp resizes',
          ratioOf: 'baseline/value',
          ratioLabel: 'speed',
          budget: BUDGET_SPEED_RATIO,
          budgetOn: 'ratio',
          better: 'higher',
          samples: oursMs,
          baselineSamples: baseMs,
        }),
      ],
      details: {
        renditions: ingested.renditions.map((r) => ({ size: r.size, width: r.width, height: r.height, bytes: r.jpeg.length })),
        plainSharp: plain.map((r) => ({ width: r.info.width, height: r.info.height, bytes: r.data.length })),
      },
    };
  } finally {
    await work.remove();
  }
}
