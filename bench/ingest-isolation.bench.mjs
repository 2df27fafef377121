// Sign-in while hostile photos are ingested (decision 030). A sign-in's expensive step is verifying
// the password (scrypt, on the process's libuv threadpool, verifyPassword from the built server);
// it is timed alone on an idle server (the baseline, before and after), then while four customers each upload the
// security probe's PNG (10,000,000 x 10, exactly 100 MP, 290 KB), through the uploads' ingest:
//  - as sent: refused from its header, so four arrive with every sign-in, round after round;
//  - with the shape limits lifted, so it is decoded (11-27 s each): the slowest work a photo has
//    caused, to show that even a decode that gets through does not reach sign-in.
// Then the cost of the isolation for an ordinary photo: a 12 MP JPEG ingested through the pool
// against ingestPhoto in this process, interleaved. All medians; ratios against this run's baseline.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, createDeflate } from 'node:zlib';
import { REPO_ROOT } from './support/paths.mjs';
import { median, row } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const SERVER_DIST = path.join(REPO_ROOT, 'apps/server/dist');
const SIGN_INS = 9;
const HOSTILE = 4;
const PHOTO_RUNS = 5;
const BUDGET_RATIO = 2;
const PASSWORD = 'correct horse battery staple';

const load = (relative) => import(pathToFileURL(path.join(SERVER_DIST, relative)).href);

export default async function ingestIsolation({ log }) {
  const { hashPassword, verifyPassword } = await load('platform/auth/passwords.js');
  const { createIsolatedIngest } = await load('modules/uploads/ingest/isolated-ingest.js');
  const { ingestPhoto } = await load('modules/uploads/ingest/ingest-photo.js');
  const { makeTestJpeg } = await load('seed/photo-like-images.js');

  const work = tempDir('ingest-isolation');
  const ingest = createIsolatedIngest();
  try {
    const strip = path.join(work.dir, 'strip.png');
    fs.writeFileSync(strip, await blankPng(10_000_000, 10));
    log(`probe's PNG: 10000000x10, ${(fs.statSync(strip).size / 1024).toFixed(0)} KB; pool ${JSON.stringify(ingest.status())}`);
    const stored = await hashPassword(PASSWORD);
    const signIn = async () => {
      const t0 = performance.now();
      if (!(await verifyPassword(PASSWORD, stored))) throw new Error('the password did not verify');
      return performance.now() - t0;
    };
    const customers = Array.from({ length: HOSTILE }, (_, i) => `bench-customer-${i}`);

    // The idle baseline is taken before and after the hostile uploads, so a drift of the machine's load shows in both.
    const idleMs = [];
    const timeIdle = async () => {
      for (let i = 0; i < SIGN_INS; i++) idleMs.push(await signIn());
      log(`idle sign-in ${idleMs.map((v) => v.toFixed(0)).join(' ')} ms`);
    };
    await signIn();
    await timeIdle();

    // As sent: each round, four uploads of the PNG arrive together with a sign-in.
    const refusedMs = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const uploads = customers.map((customerId) => ingest.ingest(strip, { customerId }).then(
        () => { throw new Error("the probe's PNG was accepted"); },
        (error) => { if (error.reason !== 'side_too_long') throw error; },
      ));
      refusedMs.push(await signIn());
      await Promise.all(uploads);
    }
    log(`sign-in beside 4 refused PNGs ${refusedMs.map((v) => v.toFixed(0)).join(' ')} ms`);

    // Limits lifted: four decodes under way (as many as the pool runs) while sign-ins are timed.
    const lifted = { maxSide: Number.MAX_SAFE_INTEGER, maxAspectRatio: Number.MAX_SAFE_INTEGER };
    const decoding = customers.map((customerId) => ingest.ingest(strip, { customerId, ...lifted }).catch((error) => error));
    while (ingest.status().running === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const decodingMs = [];
    const stillDecoding = [];
    for (let i = 0; i < SIGN_INS; i++) {
      decodingMs.push(await signIn());
      stillDecoding.push(ingest.status().running);
    }
    log(`sign-in during decodes ${decodingMs.map((v) => v.toFixed(0)).join(' ')} ms; decodes running after each: ${stillDecoding.join(' ')}`);
    ingest.close();
    await Promise.all(decoding);
    await timeIdle();

    // The price of a process hop for an ordinary photo.
    const photo = path.join(work.dir, 'IMG_4000x3000.jpg');
    fs.writeFileSync(photo, await makeTestJpeg({ width: 4000, height: 3000, seed: 7, quality: 90 }));
    const pooled = createIsolatedIngest();
    const time = async (fn) => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    const pooledMs = [];
    const inProcessMs = [];
    try {
      await pooled.ingest(photo, { customerId: 'bench-customer' });
      await ingestPhoto(photo);
      for (let i = 0; i < PHOTO_RUNS; i++) {
        // Alternate which goes first, so neither always runs on a cache the other warmed.
        const pair = [
          [pooledMs, () => pooled.ingest(photo, { customerId: 'bench-customer' })],
          [inProcessMs, () => ingestPhoto(photo)],
        ];
        if (i % 2) pair.reverse();
        for (const [samples, run] of pair) samples.push(await time(run));
      }
    } finally {
      pooled.close();
    }
    log(`12 MP JPEG: pool ${pooledMs.map((v) => v.toFixed(0)).join(' ')} ms; in process ${inProcessMs.map((v) => v.toFixed(0)).join(' ')} ms`);

    const idle = median(idleMs);
    const signInRow = (name, samples, note) =>
      row({ name, value: median(samples), unit: 'ms', baseline: idle, baselineLabel: `idle sign-in, median of ${idleMs.length}`, budget: BUDGET_RATIO, budgetOn: 'ratio', samples, baselineSamples: idleMs, note });
    return {
      rows: [
        signInRow(`sign-in beside ${HOSTILE} uploads of the 10000000x10 PNG, refused from the header (median of ${SIGN_INS})`, refusedMs),
        signInRow(
          `sign-in while ${HOSTILE} uploads of that PNG are decoded, shape limits lifted (${Math.max(...stillDecoding)} at a time; median of ${SIGN_INS})`,
          decodingMs,
          stillDecoding.every((n) => n > 0) ? undefined : 'some sign-ins ran after the decodes ended',
        ),
        row({
          name: `12 MP JPEG ingest through the image pool (median of ${PHOTO_RUNS})`,
          value: median(pooledMs),
          unit: 'ms',
          baseline: median(inProcessMs),
          baselineLabel: 'ingestPhoto in this process',
          samples: pooledMs,
          baselineSamples: inProcessMs,
        }),
      ],
      details: { pool: ingest.status(), decodesRunningAfterEachSignIn: stillDecoding },
    };
  } finally {
    ingest.close();
    await work.remove();
  }
}

/** A valid PNG of the given size, every pixel black, deflated a row at a time. */
async function blankPng(width, height) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const deflate = createDeflate({ level: 9 });
  const parts = [];
  deflate.on('data', (part) => parts.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const line = Buffer.alloc(1 + width * 3);
  for (let y = 0; y < height; y++) if (!deflate.write(line)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}
