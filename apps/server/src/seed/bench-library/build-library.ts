import path from 'node:path';
import { UNKNOWN_DATE } from '@shoebox/contracts';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createDatabase } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { createDemoAccount, DEMO_PASSWORD } from '../demo-accounts.js';
import { makePictures } from './bench-pictures.js';
import { startLinker, type BlobLinker } from './blob-linker.js';
import { countRows, generatePhotos } from './generate-photos.js';
import type { LibraryManifest } from './library-cache.js';
import { BENCH_ACCOUNT, DAY_MS, planCustomers } from './plan-customers.js';
import { kyselySink, sqliteSink, type RowSink } from './row-sinks.js';

/** Photos per transaction. */
const CHUNK_ROWS = 50_000;

export interface BuildOptions {
  photosPerCustomer: number;
  total: number;
  pictureScale: number;
  /** Whether the bench customer's photos get their files. */
  files: boolean;
  key: string;
  /** The folder it is built in, renamed into place by the caller once complete. */
  work: string;
  workDatabase: LibraryManifest['database'];
  log: (message: string) => void;
}

/** Creates the customers, makes the pictures, and writes every row while the blob folders are linked. */
export async function buildLibrary(o: BuildOptions): Promise<Pick<LibraryManifest, 'account' | 'photos' | 'blobs'>> {
  const { log } = o;
  const now = Date.now();
  const t0 = performance.now();
  const seconds = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

  const db = await createDatabase(o.workDatabase);
  let dbOpen = true;
  let linker: BlobLinker | undefined;
  try {
    await migrateToLatest(db);
    const existing = await db.selectFrom('photos').select('id').limit(1).executeTakeFirst();
    if (existing) throw new Error('The database already holds photos; seed a library into an empty database');
    const plans = planCustomers(o.photosPerCustomer, o.total, now);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const plan of plans) await createDemoAccount(db, plan.account, { passwordHash, customerId: plan.id, now });
    log(`schema migrated, ${plans.length} customers created (${seconds()})`);

    const pictures = await makePictures(path.join(o.work, 'seed-library'), o.pictureScale, log);
    if (o.files) linker = startLinker(path.join(o.work, 'blobs'), pictures);

    let sink: RowSink;
    if (o.workDatabase.kind === 'sqlite') {
      await db.destroy();
      dbOpen = false;
      sink = sqliteSink(o.workDatabase.file);
    } else {
      sink = kyselySink(db);
      dbOpen = false;
    }

    const bench = plans[0]!;
    let inserted = 0;
    let benchUndated = 0;
    let benchMonths = 0;
    let lastLog = performance.now();
    try {
      // The bench customer first, so its folders are linked while everybody else's rows go in.
      for (const plan of plans) {
        const registeredAt = now - plan.account.registeredDaysAgo * DAY_MS;
        const generated = generatePhotos(plan, pictures, now, registeredAt);
        if (plan.bench) {
          linker?.link(plan.id, generated.rows.map((r) => r.id), generated.pictures);
          benchUndated = generated.rows.filter((r) => r.date_taken === UNKNOWN_DATE).length;
          benchMonths = [...generated.counts.keys()].filter((k) => k.startsWith('dateTaken|')).length;
        }
        for (let i = 0; i < generated.rows.length; i += CHUNK_ROWS) await sink.photos(generated.rows.slice(i, i + CHUNK_ROWS));
        await sink.counts(countRows(plan.id, generated.counts));
        inserted += generated.rows.length;
        if (performance.now() - lastLog > 5_000 || plan.bench) {
          lastLog = performance.now();
          log(`${inserted.toLocaleString('en')} / ${o.total.toLocaleString('en')} photos (${seconds()})`);
        }
      }
      await sink.marker(o.key);
    } finally {
      await sink.close();
    }
    log(`${inserted.toLocaleString('en')} photos inserted (${seconds()})${linker ? '; waiting for the blob links' : ', without their files'}`);
    const links = linker ? await linker.finish() : { photos: 0, sourceFiles: 0, copied: 0 };
    if (linker) log(`${links.photos.toLocaleString('en')} photo folders linked from ${links.sourceFiles} source pictures (${seconds()})`);
    linker = undefined;

    return {
      account: { email: BENCH_ACCOUNT.email, password: DEMO_PASSWORD, greeting: BENCH_ACCOUNT.greeting, customerId: bench.id },
      photos: { bench: bench.photos, total: inserted, customers: plans.length, benchUndated, benchMonths },
      blobs: { photos: links.photos, sourceFiles: links.sourceFiles, copiedInsteadOfLinked: links.copied },
    };
  } finally {
    await linker?.abort();
    if (dbOpen) await db.destroy();
  }
}
