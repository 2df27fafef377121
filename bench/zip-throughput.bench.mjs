// Zip archives as downloads and exports make them: real-size JPEGs (3–8 MB) from the local-folder
// blob store, zipped by writeZipToBlob into the local-folder blob store (fsync and rename included).
//
// Throughput on 2 GiB, median of 3 rounds, interleaved: beside plainly reading the same files (1 MiB
// reads, bytes discarded), and beside the archiver package making the same archive the way the
// leading open-source photo server does (archiver('zip', { store: true }), archive.file() per photo),
// into the same blob store through the same writeStream. These archives go to a blob store in a
// RAM-backed folder (/dev/shm, when it has room): on a disk shared with other work every contender
// is held to the disk's speed, which would decide the ratios. The same zip into the blob store on
// disk is measured beside a plain fsynced copy of the same bytes there (no budget: the disk's own
// limit). Then the peak RSS growth of a child process writing a 10 GiB archive to disk (the cached
// photos read over and over), beside its RSS before the write.
//
// The photos are made once with the project's photo-like pictures (seed/photo-like-images, from the
// built server): distinct pictures of several sizes, copied as separate files up to 2 GiB, cached
// under .tmp/zip-bench/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { deferCleanup } from './support/cleanup.mjs';
import { HARNESS_ROOT, REPO_ROOT } from './support/paths.mjs';
import { median, row } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const SET_BYTES = 2 * GiB;
const RSS_ARCHIVE_BYTES = 10 * GiB;
const ROUNDS = 3;
/** Distinct pictures: width, height, JPEG quality; 3–8 MB each. */
const PICTURES = [
  [3600, 2700, 94],
  [4000, 3000, 95],
  [4800, 3600, 94],
  [5600, 4200, 93],
  [6000, 4000, 95],
  [6000, 4500, 93],
];
const DISTINCT = 18;
const CACHE_VERSION = 1;
// Photos made once for every tree compared: they do not depend on the code measured.
const CACHE_DIR = path.join(HARNESS_ROOT, '.tmp/zip-bench');
const SERVER_DIST = path.join(REPO_ROOT, 'apps/server/dist');
const CHILD_TIMEOUT_MS = 10 * 60_000;

const dist = (file) => import(pathToFileURL(path.join(SERVER_DIST, file)).href);
const silentSigner = { sign: () => '', verify: () => undefined };

async function blobStore(root) {
  const { fsBlobStore } = await dist('platform/blobs/fs-blob-store.js');
  return fsBlobStore(root, 'http://127.0.0.1', silentSigner);
}

/** One local-folder blob store as the server has it, its photos read from the cache, its archives written to `target`. */
async function benchStore(cacheRoot, target) {
  const [photos, archives] = [await blobStore(cacheRoot), await blobStore(target)];
  return { ...archives, read: (key) => photos.read(key) };
}

/** The cached photo set: { root, entries: [{ name, key, bytes }] }, made on first use. */
async function photoSet(log) {
  const manifestFile = path.join(CACHE_DIR, 'manifest.json');
  const want = { version: CACHE_VERSION, bytes: SET_BYTES, pictures: PICTURES, distinct: DISTINCT };
  const cached = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : undefined;
  const root = path.join(CACHE_DIR, 'blobs');
  if (cached && JSON.stringify(cached.want) === JSON.stringify(want) && cached.entries.every((e) => fs.statSync(path.join(root, e.key), { throwIfNoEntry: false })?.size === e.bytes)) {
    return { root, entries: cached.entries };
  }
  log(`making ${(SET_BYTES / GiB).toFixed(0)} GiB of photo-like JPEGs in ${path.relative(REPO_ROOT, CACHE_DIR)} (once)`);
  fs.rmSync(CACHE_DIR, { recursive: true, force: true });
  const { makeTestJpeg } = await dist('seed/photo-like-images.js');
  const pictures = [];
  for (let seed = 1; seed <= DISTINCT; seed++) {
    const [width, height, quality] = PICTURES[seed % PICTURES.length];
    const make = (q) => makeTestJpeg({ width, height, quality: q, seed, dateTaken: { local: `2024-06-${String(seed).padStart(2, '0')}T12:00:00` } });
    // A busier picture of the largest sizes may pass 8 MB at the top quality: a little less then.
    let jpeg = await make(quality);
    for (let q = quality - 3; jpeg.length > 8e6 && q >= 80; q -= 3) jpeg = await make(q);
    if (jpeg.length < 3e6 || jpeg.length > 8e6) throw new Error(`A ${width}x${height} picture is ${jpeg.length} bytes, outside 3–8 MB`);
    pictures.push(jpeg);
  }
  const entries = [];
  let total = 0;
  for (let i = 0; total < SET_BYTES; i++) {
    const jpeg = pictures[i % pictures.length];
    const key = `photos/bench/p-${String(i).padStart(4, '0')}/original.jpg`;
    fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
    fs.writeFileSync(path.join(root, key), jpeg);
    entries.push({ name: `IMG_${String(1000 + i).padStart(4, '0')}.jpg`, key, bytes: jpeg.length });
    total += jpeg.length;
  }
  fs.writeFileSync(manifestFile, JSON.stringify({ want, entries }));
  return { root, entries };
}

async function plainRead(root, entries) {
  let bytes = 0;
  for (const e of entries) {
    for await (const chunk of fs.createReadStream(path.join(root, e.key), { highWaterMark: MiB })) bytes += chunk.length;
  }
  return bytes;
}

/** The same bytes written one after another to one file in the same folder, then fsynced: what any archive costs this disk. */
async function plainCopy(root, entries, file) {
  const out = await fs.promises.open(file, 'wx');
  let bytes = 0;
  try {
    for (const e of entries) {
      for await (const chunk of fs.createReadStream(path.join(root, e.key), { highWaterMark: MiB })) {
        await out.write(chunk);
        bytes += chunk.length;
      }
    }
    await out.sync();
  } finally {
    await out.close();
    fs.rmSync(file, { force: true });
  }
  return bytes;
}

async function ours(store, entries, key) {
  const { writeZipToBlob } = await dist('platform/zip/zip-to-blob.js');
  const result = await writeZipToBlob(store, key, entries);
  if (result.written !== entries.length) throw new Error(`Our archive holds ${result.written} of ${entries.length} photos`);
  return result.bytes;
}

async function withArchiver(root, target, entries, key) {
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { store: true });
  for (const e of entries) archive.file(path.join(root, e.key), { name: e.name });
  void archive.finalize();
  return (await target.writeStream(key, archive, 'application/zip')).bytes;
}

/** Python's zipfile reads every entry to its end (checking each CRC): the archive measured is a real one. */
async function checkArchive(file, entries) {
  const script = 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nbad = z.testzip()\nassert bad is None, bad\nprint(len(z.infolist()), sum(i.file_size for i in z.infolist()))';
  const out = await new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout.trim()) : reject(new Error(`zipfile refused ${file}`))));
  });
  const [count, size] = out.split(' ').map(Number);
  const expected = entries.reduce((sum, e) => sum + e.bytes, 0);
  if (count !== entries.length || size !== expected) throw new Error(`zipfile read ${count} entries, ${size} bytes; expected ${entries.length}, ${expected}`);
}

/** The RSS child: writes a RSS_ARCHIVE_BYTES archive of the set, sampling RSS; prints JSON. */
async function rssChild([root, target, entriesFile]) {
  const entries = JSON.parse(fs.readFileSync(entriesFile, 'utf8'));
  const { writeZipToBlob } = await dist('platform/zip/zip-to-blob.js');
  const store = await benchStore(root, target);
  const setBytes = entries.reduce((sum, e) => sum + e.bytes, 0);
  const rounds = Math.ceil(RSS_ARCHIVE_BYTES / setBytes);
  const repeated = function* () {
    for (let r = 0; r < rounds; r++) yield* entries;
  };
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const result = await writeZipToBlob(store, 'archives/bench/rss.zip', repeated());
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await store.delete('archives/bench/rss.zip');
  process.stdout.write(JSON.stringify({ before, peak, bytes: result.bytes, entries: result.written, seconds }));
}

async function runRssChild(args, log) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--rss-child', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const kill = deferCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  child.stdout.on('data', (c) => (stdout += c));
  log(`writing a ${(RSS_ARCHIVE_BYTES / GiB).toFixed(0)} GiB archive in a child process`);
  const code = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The RSS child did not finish within ${CHILD_TIMEOUT_MS / 1000} s`)), CHILD_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (c, signal) => {
      clearTimeout(timer);
      resolve(c ?? signal);
    });
  });
  await kill();
  if (code !== 0) throw new Error(`The RSS child failed (${code})`);
  return JSON.parse(stdout);
}

/**
 * The folder the compared archives are written to: a RAM-backed one when there is room, so that a
 * disk shared with other work does not decide the ratios (every contender is disk-bound there, see
 * the on-disk rows); the OS temp dir otherwise.
 */
function ramTarget(setBytes) {
  const shm = '/dev/shm';
  const free = fs.existsSync(shm) ? fs.statfsSync(shm) : undefined;
  if (!free || free.bavail * free.bsize < 2 * setBytes + GiB) return undefined;
  const dir = fs.mkdtempSync(path.join(shm, 'shoebox-bench-zip-'));
  return { dir, remove: deferCleanup(() => fs.rmSync(dir, { recursive: true, force: true })) };
}

export default async function ({ log }) {
  const set = await photoSet(log);
  const setBytes = set.entries.reduce((sum, e) => sum + e.bytes, 0);
  const sizes = set.entries.map((e) => e.bytes);
  log(`${set.entries.length} photos, ${(setBytes / GiB).toFixed(2)} GiB, ${(Math.min(...sizes) / 1e6).toFixed(1)}–${(Math.max(...sizes) / 1e6).toFixed(1)} MB each`);
  const disk = tempDir('zip');
  const ram = ramTarget(setBytes);
  try {
    const targets = { ram: ram ?? disk, disk };
    const stores = { ram: await benchStore(set.root, targets.ram.dir), disk: await benchStore(set.root, disk.dir) };
    const times = { read: [], copy: [], ours: [], archiver: [], diskCopy: [], diskOurs: [] };
    const sizesOut = {};
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ['archiver', 'ours'] : ['ours', 'archiver'];
      for (const what of ['read', 'copy', ...order, 'diskCopy', 'diskOurs']) {
        const where = what.startsWith('disk') ? 'disk' : 'ram';
        const key = `archives/bench/${what}-${round}.zip`;
        const run = {
          read: () => plainRead(set.root, set.entries),
          copy: () => plainCopy(set.root, set.entries, path.join(targets.ram.dir, `copy-${round}`)),
          ours: () => ours(stores.ram, set.entries, key),
          archiver: () => withArchiver(set.root, stores.ram, set.entries, key),
          diskCopy: () => plainCopy(set.root, set.entries, path.join(disk.dir, `copy-${round}`)),
          diskOurs: () => ours(stores.disk, set.entries, key),
        }[what];
        const t0 = performance.now();
        const bytes = await run();
        times[what].push((performance.now() - t0) / 1000);
        sizesOut[what] = bytes;
        if (what === 'ours' || what === 'archiver' || what === 'diskOurs') {
          if (round === 0) await checkArchive(path.join(targets[where].dir, key), set.entries);
          await stores[where].delete(key);
        }
      }
      log(`round ${round + 1}: ${Object.entries(times).map(([k, v]) => `${k} ${v[round].toFixed(1)} s`).join(', ')}`);
    }
    const mbps = (seconds) => setBytes / MiB / seconds;
    const throughput = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, v.map(mbps)]));
    const med = Object.fromEntries(Object.entries(throughput).map(([k, v]) => [k, median(v)]));

    const entriesFile = path.join(disk.dir, 'entries.json');
    fs.writeFileSync(entriesFile, JSON.stringify(set.entries));
    const rss = await runRssChild([set.root, disk.dir, entriesFile], log);
    log(`10 GiB archive: ${(rss.bytes / GiB).toFixed(2)} GiB, ${rss.entries} entries in ${rss.seconds.toFixed(1)} s`);
    if (rss.bytes < RSS_ARCHIVE_BYTES) throw new Error(`The RSS archive was only ${rss.bytes} bytes`);

    const into = ram ? 'into a RAM-backed blob store' : 'into the local blob store on disk';
    const rows = [
      row({ name: `zip throughput, ${(setBytes / GiB).toFixed(1)} GiB of ${set.entries.length} JPEGs ${into}, vs plain read`, value: med.ours, unit: 'MB/s', baseline: med.read, baselineLabel: 'plain read of the same files', budget: 0.5, budgetOn: 'ratio', better: 'higher', samples: throughput.ours, baselineSamples: throughput.read }),
      row({ name: 'zip throughput vs archiver (store: true), same files, same target', value: med.ours, unit: 'MB/s', baseline: med.archiver, baselineLabel: 'archiver 7', budget: 2, budgetOn: 'ratio', better: 'higher', samples: throughput.ours, baselineSamples: throughput.archiver }),
      row({ name: 'zip throughput vs a plain fsynced copy of the same files into one file, same target', value: med.ours, unit: 'MB/s', baseline: med.copy, baselineLabel: 'plain copy', samples: throughput.ours, baselineSamples: throughput.copy }),
      row({ name: 'zip throughput into the local blob store on disk (fsynced) vs a plain fsynced copy there (the disk\'s own limit)', value: med.diskOurs, unit: 'MB/s', baseline: med.diskCopy, baselineLabel: 'plain copy on disk', samples: throughput.diskOurs, baselineSamples: throughput.diskCopy }),
      row({ name: `peak RSS growth writing a ${(rss.bytes / GiB).toFixed(1)} GiB archive (${rss.entries} photos) to disk`, value: (rss.peak - rss.before) / MiB, unit: 'MB', baseline: rss.before / MiB, baselineLabel: 'the child\'s RSS before', budget: 150 }),
    ];
    return { rows, details: { photos: set.entries.length, setBytes, ramTarget: Boolean(ram), archiveBytes: sizesOut, times, rss, cpus: os.cpus().length } };
  } finally {
    await ram?.remove();
    await disk.remove();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--rss-child') await rssChild(process.argv.slice(3));
