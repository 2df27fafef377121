/**
 * Helpers for the full-library export tests: the export job and service built over a test server's
 * database, blob folder and outbox (a chunk is opened as a customer would with zip-check's unpackZip).
 */
import { backupRepository } from '../modules/backups/backup.repository.js';
import { backupService, type ExportJobPayload } from '../modules/backups/backup.service.js';
import { exportJob, type ExportJobDeps } from '../modules/backups/export-job.js';
import { customerRepository } from '../modules/customers/customer.repository.js';
import { customerService } from '../modules/customers/customer.service.js';
import { photoRepository } from '../modules/photos/photo.repository.js';
import { photoService } from '../modules/photos/photo.service.js';
import type { Identity } from '../platform/auth/access-token.js';
import { fsBlobStore } from '../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../platform/blobs/url-signer.js';
import type { JobRun } from '../platform/jobs/job-queue.js';
import { outboxMailer, type StoredMail } from '../platform/mail/outbox-mailer.js';
import type { TestCustomer } from './photo-library.js';
import { blobDirOf, PUBLIC_URL, type TestShoebox } from './test-server.js';

export const identityOf = (customer: TestCustomer): Identity => ({ customerId: customer.id, email: customer.email, idpType: 'shoebox', idpSub: customer.id, isBusiness: false });

/** The export's parts over a test server's stores, with the job's limits and clock as a test sets them. */
export function exportKit(server: TestShoebox, o: Partial<Pick<ExportJobDeps, 'chunkMaxBytes' | 'pageSize' | 'now' | 'libraryOriginals' | 'mailer' | 'blobs'>> = {}) {
  if (server.config.mail.kind !== 'outbox') throw new Error('The export tests read the outbox');
  // The job's blob store may be one a test watches; the kit's own reads the same folder.
  const blobs = fsBlobStore(blobDirOf(server), PUBLIC_URL, urlSigner('unused'));
  const library = photoService(photoRepository(server.db), blobs, async () => ({ own: 0, read: 0 }));
  const repo = backupRepository(server.db);
  const outbox = outboxMailer(server.config.mail.dir, server.config.mailFrom);
  const enqueued: string[] = [];
  const customers = customerService(customerRepository(server.db));
  const service = backupService({
    repo,
    blobs,
    jobs: { enqueue: async (_kind, id) => void enqueued.push(id) },
    libraryOriginals: library.libraryOriginals,
    libraryVersion: library.libraryVersion,
    customerOf: customers.me,
  });
  const job = exportJob({
    repo,
    blobs,
    libraryOriginals: o.libraryOriginals ?? library.libraryOriginals,
    mailer: outbox,
    publicUrl: PUBLIC_URL,
    ...o,
  });
  let attempt = 0;
  return {
    blobs,
    library,
    repo,
    service,
    job,
    enqueued,
    mailer: outbox,
    /** Runs the export job once, as the queue would. */
    run: (backupId: string, signal = new AbortController().signal) => {
      const run: JobRun<ExportJobPayload> = { id: backupId, kind: 'backup.export', payload: { backupId }, attempt: ++attempt, signal };
      return job.run(run);
    },
    /** The mails sent to an address, oldest first. */
    async mailsTo(email: string): Promise<StoredMail[]> {
      return (await outbox.list(1000)).filter((m) => m.to === email).reverse();
    },
  };
}
