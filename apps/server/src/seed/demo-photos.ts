import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { getOrCreateSecret } from '../platform/auth/secrets.js';
import type { Db } from '../platform/db/database.js';
import type { makeTestJpeg } from './photo-like-images.js';
import type { UploadService } from '../modules/uploads/upload.service.js';
import { seedDemoAlbums } from './demo-albums.js';
import { DEMO_LIBRARY_OWNER } from './demo-accounts.js';

export { DEMO_LIBRARY_OWNER };
export const DEMO_PHOTO_COUNT = 320;
/** Libraries made on first start: Emma's living library, and a few photos of Lars for the shared albums. */
const DEMO_LIBRARIES = [
  { email: DEMO_LIBRARY_OWNER, count: DEMO_PHOTO_COUNT, firstSeed: 1 },
  { email: 'lars@example.com', count: 12, firstSeed: 10_001 },
];
/** About one photo in twelve has no date taken, as scans and screenshots do. */
const UNDATED_EVERY = 12;
const MARKER = 'demo.photo-library-seeded';

/** A deterministic spread over the last five years: each index always gives the same picture and date. */
function demoDate(i: number, count: number, now: Date): { local: string; offset: string } | undefined {
  if (i % UNDATED_EVERY === UNDATED_EVERY - 1) return undefined;
  const daysBack = Math.floor((i * 1800) / count + ((i * 37) % 5));
  const d = new Date(now.getTime() - daysBack * 86_400_000);
  d.setUTCHours(8 + (i % 12), (i * 13) % 60, (i * 29) % 60, 0);
  return { local: d.toISOString().slice(0, 19), offset: i % 2 ? '+01:00' : '+02:00' };
}

/**
 * Gives the demo consumer a living library on first start, through the same ingest as an upload.
 * Runs after the server is ready; a restart part-way continues (identical photos are stored once).
 * Each photo is written to `workDir` on its way in: a folder of the server's own data, so a server
 * stopped mid-way leaves nothing behind elsewhere, and what it left there is cleared on the next start.
 */
export async function seedDemoPhotos(db: Db, uploads: UploadService, log: FastifyBaseLogger, workDir: string, picture?: typeof makeTestJpeg): Promise<void> {
  await fs.rm(workDir, { recursive: true, force: true });
  const done = await db.selectFrom('secrets').select('name').where('name', '=', MARKER).executeTakeFirst();
  if (done) return;
  // The picture maker (sharp) loads only when there are photos to make: not with every restart of a server.
  picture ??= (await import('./photo-like-images.js')).makeTestJpeg;
  await fs.mkdir(workDir, { recursive: true });
  const started = Date.now();
  // Dates count back from the first attempt's start, so a run continued on another day makes the same photos.
  const now = new Date(await getOrCreateSecret(db, 'demo.photo-library-anchor', () => new Date().toISOString()));
  try {
    for (const library of DEMO_LIBRARIES) {
      const owner = await db.selectFrom('identities').select('customer_id').where('email', '=', library.email).executeTakeFirst();
      if (!owner) continue;
      for (let i = 0; i < library.count; i++) {
        const portrait = i % 5 === 0;
        const file = path.join(workDir, `IMG_${1000 + i}.jpg`);
        const dateTaken = demoDate(i, library.count, now);
        const jpeg = await picture({ width: portrait ? 900 : 1200, height: portrait ? 1200 : 900, seed: library.firstSeed + i, quality: 85, ...(dateTaken ? { dateTaken } : {}) });
        await fs.writeFile(file, jpeg);
        await uploads.storePhoto({ customerId: owner.customer_id, fileName: path.basename(file), uploadId: 'demo-seed', filePath: file });
        await fs.rm(file, { force: true });
      }
    }
    await seedDemoAlbums(db);
    await db.insertInto('secrets').values({ name: MARKER, value: new Date().toISOString(), created_at: new Date().toISOString() }).onConflict((oc) => oc.column('name').doNothing()).execute();
    log.info({ ms: Date.now() - started }, 'Demo photo libraries and albums ready');
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
