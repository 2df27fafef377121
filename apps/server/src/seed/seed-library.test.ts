import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { photoPageSchema, SERVICE_BASE_PATHS, timelineCountsSchema } from '@shoebox/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createDatabase } from '../platform/db/database.js';
import { databases, skipTestsUnlessAvailable, type TestDatabase } from '../test/databases.js';
import { bearer, signIn } from '../test/sign-in.js';
import { startTestShoebox, type TestShoebox } from '../test/test-server.js';
import { seedLibrary, type SeedLibraryResult } from './seed-library.js';

const API = SERVICE_BASE_PATHS.photoManagement;
const PER_CUSTOMER = 300;
const TOTAL = 1_500;

describe.each(databases)('the benchmark library on $name', (kind) => {
  let database: TestDatabase | undefined;
  let dataDir: string;
  let library: SeedLibraryResult;
  let server: TestShoebox | undefined;

  beforeAll(async () => {
    if (!kind.available) return;
    database = await kind.create();
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-library-')), 'data');
    const databaseUrl = kind.name === 'postgres' ? database.url : path.join(dataDir, 'shoebox.db');
    library = await seedLibrary({ photosPerCustomer: PER_CUSTOMER, total: TOTAL, dataDir, databaseUrl, pictureScale: 0.1 });
    server = await startTestShoebox(kind, { database, seed: false, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } });
  }, 60_000);
  afterAll(async () => {
    await server?.dispose();
    await database?.drop();
    if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
  skipTestsUnlessAvailable(kind);

  it('has exactly the asked photos, and per-month counts that match the rows for both sort keys', async () => {
    const db = server!.db;
    const total = await db.selectFrom('photos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(TOTAL);
    expect(library.photos).toMatchObject({ bench: PER_CUSTOMER, total: TOTAL });

    for (const [sortKey, column] of [['dateTaken', 'taken_month'], ['created', 'upload_month']] as const) {
      const fromRows = await db
        .selectFrom('photos')
        .select(['customer_id', sql<string>`${sql.ref(column)}`.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['customer_id', column])
        .execute();
      const kept = await db.selectFrom('photo_month_counts').select(['customer_id', 'month', 'count']).where('sort_key', '=', sortKey).execute();
      const asMap = (rows: { customer_id: string; month: string; n?: number; count?: number }[]) =>
        Object.fromEntries(rows.map((r) => [`${r.customer_id} ${r.month}`, Number(r.n ?? r.count)]));
      expect(asMap(kept)).toEqual(asMap(fromRows));
    }
  });

  it('spreads the bench customer over many years, with some photos of unknown date and none uploaded before it was taken', async () => {
    const db = server!.db;
    const rows = await db.selectFrom('photos').select(['date_taken', 'uploaded_at', 'taken_month']).where('customer_id', '=', library.account.customerId).execute();
    const years = new Set(rows.filter((r) => !r.date_taken.startsWith('1970')).map((r) => r.date_taken.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(10);
    const undated = rows.filter((r) => r.taken_month === '1970-01').length;
    expect(undated).toBe(library.photos.benchUndated);
    expect(undated).toBeGreaterThan(0);
    expect(undated).toBeLessThan(rows.length / 4);
    expect(rows.filter((r) => !r.date_taken.startsWith('1970') && r.uploaded_at.slice(0, 19) < r.date_taken)).toEqual([]);
  });

  it('lets the bench customer sign in with the demo password and see its timeline, with thumbnails that load', async () => {
    const app = server!.app;
    const { access_token } = await signIn(app, library.account.email, library.account.password);
    const headers = bearer(access_token);
    const counts = timelineCountsSchema.parse((await app.inject({ url: `${API}/users/timeline`, headers })).json());
    const months = Object.entries(counts).flatMap(([year, byMonth]) => Object.entries(byMonth).map(([month, n]) => ({ year, month, n })));
    expect(months.reduce((sum, m) => sum + m.n, 0)).toBe(PER_CUSTOMER);

    const newest = months.filter((m) => m.year !== '1970').sort((a, b) => Number(b.year) - Number(a.year) || Number(b.month) - Number(a.month))[0]!;
    const page = photoPageSchema.parse((await app.inject({ url: `${API}/photos/timeline/${newest.year}/${newest.month}?limit=24`, headers })).json());
    expect(page.images).toHaveLength(Math.min(24, newest.n));
    for (const url of [...page.images[0]!.thumbnails.map((t) => t.url), page.images[0]!.untouchedUrl]) {
      const response = await app.inject({ url: new URL(url).pathname + new URL(url).search });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('gives files only to the bench customer, hard-linked from a handful of pictures', () => {
    const photosDir = path.join(dataDir, 'blobs', 'photos');
    expect(fs.readdirSync(photosDir)).toEqual([library.account.customerId]);
    const folders = fs.readdirSync(path.join(photosDir, library.account.customerId));
    expect(folders).toHaveLength(PER_CUSTOMER);
    const stat = fs.statSync(path.join(photosDir, library.account.customerId, folders[0]!, '300.jpg'));
    expect(stat.nlink).toBeGreaterThan(1);
  });

  it('is reused as it is when asked for again with the same parameters', async () => {
    const again = await seedLibrary({ photosPerCustomer: PER_CUSTOMER, total: TOTAL, dataDir, databaseUrl: kind.name === 'postgres' ? database!.url : path.join(dataDir, 'shoebox.db'), pictureScale: 0.1 });
    expect(again.reused).toBe(true);
    expect(again.key).toBe(library.key);
    expect(again.account.customerId).toBe(library.account.customerId);
  });

  it('refuses to build over a data dir that holds something else, unless forced', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-other-'));
    try {
      fs.writeFileSync(path.join(other, 'notes.txt'), 'mine');
      const db = kind.name === 'postgres' ? database!.url : undefined;
      await expect(seedLibrary({ photosPerCustomer: 10, total: 20, dataDir: other, ...(db ? { databaseUrl: db } : {}), pictureScale: 0.1 })).rejects.toThrow(/not empty/);
      expect(fs.readFileSync(path.join(other, 'notes.txt'), 'utf8')).toBe('mine');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('a library without files on sqlite', () => {
  it('has the rows and no blob folder, under a key of its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-library-'));
    try {
      const dataDir = path.join(dir, 'data');
      const rows = await seedLibrary({ photosPerCustomer: 40, total: 60, dataDir, pictureScale: 0.1, files: false });
      expect(rows.blobs).toEqual({ photos: 0, sourceFiles: 0, copiedInsteadOfLinked: 0 });
      expect(fs.existsSync(path.join(dataDir, 'blobs', 'photos'))).toBe(false);
      const withFiles = path.join(dir, 'with-files');
      const whole = await seedLibrary({ photosPerCustomer: 40, total: 60, dataDir: withFiles, pictureScale: 0.1 });
      expect(whole.key).not.toBe(rows.key);
      const db = await createDatabase(loadConfig({ DATA_DIR: dataDir }).database);
      try {
        const counted = await db.selectFrom('photos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect(Number(counted.n)).toBe(60);
      } finally {
        await db.destroy();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a library asked for twice at once on sqlite', () => {
  it('is built once, the second caller waiting and reusing it; a lock its dead builder left is taken over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-library-'));
    try {
      const dataDir = path.join(dir, 'data');
      // A builder killed with its run leaves its lock behind.
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      fs.mkdirSync(`${dataDir}.building`);
      fs.writeFileSync(path.join(`${dataDir}.building`, 'pid'), String(dead));
      const ask = () => seedLibrary({ photosPerCustomer: 40, total: 60, dataDir, pictureScale: 0.1, files: false });
      const [first, second] = await Promise.all([ask(), ask()]);
      expect([first!.reused, second!.reused].sort()).toEqual([false, true]);
      expect(second!.key).toBe(first!.key);
      expect(fs.existsSync(`${dataDir}.building`)).toBe(false);
      expect(fs.existsSync(`${dataDir}.partial`)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the seeding database on sqlite', () => {
  it('is a file the server opens in WAL mode', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-library-'));
    try {
      const dataDir = path.join(dir, 'data');
      await seedLibrary({ photosPerCustomer: 5, total: 10, dataDir, pictureScale: 0.1 });
      expect(fs.existsSync(`${dataDir}.partial`)).toBe(false);
      const db = await createDatabase(loadConfig({ DATA_DIR: dataDir }).database);
      try {
        const { rows } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
        expect(rows[0]?.journal_mode).toBe('wal');
      } finally {
        await db.destroy();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
