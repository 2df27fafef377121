/**
 * A second server process for the archive crash test: it opens the job queue and the data the test names
 * (ARCHIVE_CHILD_SETUP, JSON), runs the download.archive job with the real repository, photos and blob
 * folder, and stalls on the second photo, once the first is written into the archive's partial file:
 * it reports "stalled <downloadId>" and waits there until it is killed.
 */
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../config.js';
import { fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { createDatabase } from '../../platform/db/database.js';
import { openTestQueue, type TestQueueSetup } from '../../platform/jobs/fixtures/test-queues.js';
import { albumRepository } from '../../modules/albums/album.repository.js';
import { albumService } from '../../modules/albums/album.service.js';
import { photoRepository } from '../../modules/photos/photo.repository.js';
import { photoService } from '../../modules/photos/photo.service.js';
import { defineDownloadArchiveJob, DOWNLOAD_ARCHIVE_JOB } from '../../modules/downloads/download-archive-job.js';
import { downloadRepository } from '../../modules/downloads/download.repository.js';
import { silentLog } from '../photo-library.js';

/** What the crash test hands this process, as JSON: the queue, the database and blob folder, and the archive. */
export interface ArchiveCrashSetup {
  queue: TestQueueSetup;
  databaseUrl: string;
  blobDir: string;
  downloadId: string;
}

const setup = JSON.parse(process.env.ARCHIVE_CHILD_SETUP ?? '') as ArchiveCrashSetup;
const db = await createDatabase(loadConfig({ DATABASE_URL: setup.databaseUrl }).database);
const real = fsBlobStore(setup.blobDir, 'http://localhost:3000', urlSigner('unused'));
let reads = 0;
const blobs: BlobStore = {
  ...real,
  async read(key) {
    if (++reads < 2) return real.read(key);
    process.stdout.write(`stalled ${setup.downloadId}\n`);
    return new PassThrough();
  },
};
const queue = await openTestQueue(setup.queue);
const photos = photoService(photoRepository(db), real, async () => ({ own: 0, read: 0 }));
defineDownloadArchiveJob(queue, {
  repo: downloadRepository(db),
  originalsOf: photos.originalsOf,
  sharedPhotoOwners: albumService(albumRepository(db), photos.toPhoto).sharedPhotoOwners,
  blobs,
  events: {
    async publish(_userId, message) {
      if ('key' in message) process.stdout.write(`event ${message.key}\n`);
    },
  },
  log: silentLog,
});
await queue.enqueue(DOWNLOAD_ARCHIVE_JOB, setup.downloadId, { downloadId: setup.downloadId });
await queue.start();
// The queue's own timers never hold a process open; this one lives until it is killed.
setInterval(() => {}, 60_000);
