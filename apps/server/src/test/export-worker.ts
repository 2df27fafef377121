import { loadConfig } from '../config.js';
import { fsBlobStore } from '../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../platform/blobs/url-signer.js';
import { createDatabase } from '../platform/db/database.js';
import { openTestQueue, type TestQueue, type TestQueueSetup } from '../platform/jobs/fixtures/test-queues.js';
import { outboxMailer } from '../platform/mail/outbox-mailer.js';
import { photoRepository } from '../modules/photos/photo.repository.js';
import { photoService } from '../modules/photos/photo.service.js';
import { backupRepository } from '../modules/backups/backup.repository.js';
import { EXPORT_JOB, type ExportJobPayload } from '../modules/backups/backup.service.js';
import { exportJob } from '../modules/backups/export-job.js';

/** What a process needs to make exports over a test server's stores; JSON, so a second process can take it. */
export interface ExportWorkerSetup {
  queue: TestQueueSetup;
  databaseUrl: string;
  blobDir: string;
  outboxDir: string;
  publicUrl: string;
  chunkMaxBytes: number;
  /** Each read of a library page waits this long, so a test can stop the process mid-export. */
  pageDelayMs: number;
}

/** A queue that makes exports as the server's does (one photo per library page), with a database connection of its own. */
export async function startExportWorker(setup: ExportWorkerSetup, onRun: (backupId: string) => void = () => undefined): Promise<TestQueue> {
  const db = await createDatabase(loadConfig({ DATABASE_URL: setup.databaseUrl }).database);
  const blobs = fsBlobStore(setup.blobDir, setup.publicUrl, urlSigner('unused'));
  const library = photoService(photoRepository(db), blobs, async () => ({ own: 0, read: 0 }));
  const job = exportJob({
    repo: backupRepository(db),
    blobs,
    libraryOriginals: async (customerId, after, limit) => {
      await new Promise((resolve) => setTimeout(resolve, setup.pageDelayMs));
      return library.libraryOriginals(customerId, after, limit);
    },
    mailer: outboxMailer(setup.outboxDir, 'exports@example.com'),
    publicUrl: setup.publicUrl,
    chunkMaxBytes: setup.chunkMaxBytes,
    pageSize: 1,
  });
  const queue = await openTestQueue(setup.queue);
  queue.define<ExportJobPayload>(
    EXPORT_JOB,
    async (run) => {
      onRun(run.payload.backupId);
      await job.run(run);
    },
    job.options,
  );
  await queue.start();
  return {
    ...queue,
    async dispose() {
      await queue.dispose();
      await db.destroy();
    },
  };
}
