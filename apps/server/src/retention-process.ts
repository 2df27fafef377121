/**
 * The composition root of the storage period's run (decision 072): the process the server starts for it
 * (platform/jobs/job-process.ts) builds, from the server's config, only what the run needs on its own
 * database connection, and runs each day's run it is given (modules/retention/retention-run.ts).
 */
import type { Config } from './config.js';
import { albumRepository } from './modules/albums/album.repository.js';
import { backupRepository } from './modules/backups/backup.repository.js';
import { exportRemoval } from './modules/backups/backup.service.js';
import { downloadRepository } from './modules/downloads/download.repository.js';
import { downloadRemoval } from './modules/downloads/download.service.js';
import { sweepDeletedPhotoFiles } from './modules/photos/photo-blob-sweeper.js';
import { photoRepository } from './modules/photos/photo.repository.js';
import { photoService } from './modules/photos/photo.service.js';
import { retentionRun } from './modules/retention/retention-run.js';
import type { RetentionWork } from './modules/retention/retention.service.js';
import { retentionRepository } from './modules/retention/retention.repository.js';
import { createBlobStore } from './platform/blobs/create-blob-store.js';
import { createDatabase } from './platform/db/database.js';
import { serveJobProcess } from './platform/jobs/job-process-child.js';
import { createMailer } from './platform/mail/create-mailer.js';

/** What the run is built from: the server's settings it needs, and no more (no keys it does not use). */
export type RetentionProcessSetup = Pick<Config, 'database' | 'blobs' | 'publicUrl' | 'mail' | 'mailFrom'>;
/** The run is one customer after another: two connections are plenty on PostgreSQL. */
const POSTGRES_CONNECTIONS = 2;

serveJobProcess<RetentionProcessSetup, RetentionWork, void>(async (config, log) => {
  // The server migrated the database before it started this process.
  const db = await createDatabase(config.database, { postgresConnections: POSTGRES_CONNECTIONS });
  const { blobs } = await createBlobStore(config, db);
  const { mailer } = await createMailer(config);
  const photos = photoRepository(db);
  const run = retentionRun({
    repo: retentionRepository(db),
    photos: photoService(photos, blobs, albumRepository(db).counts),
    deletedPhotoFiles: { sweep: () => sweepDeletedPhotoFiles(photos, blobs, 0) },
    downloads: downloadRemoval({ repo: downloadRepository(db), blobs }),
    exports: exportRemoval({ repo: backupRepository(db), blobs }),
    mailer,
    publicUrl: config.publicUrl,
    log,
  });
  return ({ day, at }, signal) => run.run(day, at === undefined ? () => new Date() : () => new Date(at), signal);
});
