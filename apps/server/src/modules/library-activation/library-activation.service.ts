import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { ActivationStarted, ActivationState } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../platform/auth/access-token.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import type { Db } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { UploadService } from '../uploads/upload.service.js';
import { legacyPhotoKey } from './legacy-photo-keys.js';
import { libraryActivationRepository } from './library-activation.repository.js';
import { IMPORT_MAX_ATTEMPTS, LIBRARY_IMPORT_JOB, libraryImport, type LibraryImportPayload } from './library-import.js';

/** What the retailer's older system kept of a photo an account uploaded there. */
export interface LegacyPhotoFile {
  fileName: string;
  uploadedAt: string;
  /** Its bytes, on disk; copied to the blob store. */
  filePath: string;
}

/**
 * Library activation (spec §3, §4 "Activation"; docs/decisions/051): a library is ACTIVE unless the
 * account came from the older system, whose photos wait outside it (NOT_ACTIVE) until the customer
 * activates it; the import job then brings them in (IMPORTING) and the library ends ACTIVE.
 * Defines its job on the queue it is given, so it is built before the queue starts.
 */
export function libraryActivationService(o: { db: Db; blobs: BlobStore; jobs: JobQueue; events: EventBus; uploads: UploadService; workDir: string; log: FastifyBaseLogger }) {
  const repo = libraryActivationRepository(o.db);
  const importer = libraryImport({ repo, blobs: o.blobs, uploads: o.uploads, events: o.events, workDir: o.workDir, log: o.log });
  o.jobs.define<LibraryImportPayload>(LIBRARY_IMPORT_JOB, importer.run, { maxAttempts: IMPORT_MAX_ATTEMPTS, onGivenUp: importer.givenUp });

  return {
    async status(identity: Identity): Promise<ActivationState> {
      return { status: (await repo.statusOf(identity.customerId)) ?? 'ACTIVE' };
    },

    /** Starts the import of a NOT_ACTIVE library; any other status (a second click, another tab) starts nothing. */
    async start(identity: Identity): Promise<ActivationStarted> {
      const { customerId } = identity;
      const importId = randomUUID();
      if (!(await repo.startImport(customerId, importId, new Date().toISOString()))) return { started: false };
      try {
        await o.jobs.enqueue<LibraryImportPayload>(LIBRARY_IMPORT_JOB, importId, { customerId, importId });
      } catch (error) {
        // No job, no import: the library is as it was, and the customer can try again.
        await repo.abandonImport(customerId, importId);
        throw error;
      }
      return { started: true };
    },

    /** Queues again every import under way: one whose process stopped between its start and its queueing would otherwise never run. */
    async resumeImports(): Promise<void> {
      for (const { customer_id: customerId, import_id: importId } of await repo.importing()) {
        if (importId) await o.jobs.enqueue<LibraryImportPayload>(LIBRARY_IMPORT_JOB, importId, { customerId, importId });
      }
    },

    /**
     * Keeps photos an account brought from the older system outside its library, their bytes under their
     * own prefix; an account with no library status yet becomes NOT_ACTIVE. For the migration of such
     * accounts (and the demo account). With `onlyIfNew`, only for an account that has no library status yet.
     */
    async addLegacyPhotos(customerId: string, files: LegacyPhotoFile[], options: { onlyIfNew?: boolean } = {}): Promise<boolean> {
      const rows = [];
      for (const file of files) {
        const id = randomUUID();
        const { size } = await fs.stat(file.filePath);
        await o.blobs.putFile(legacyPhotoKey(customerId, id), file.filePath, 'application/octet-stream');
        rows.push({ id, file_name: file.fileName, uploaded_at: file.uploadedAt, bytes: size });
      }
      const recorded = await repo.addLegacyPhotos(customerId, rows, options);
      // Another server recorded this account's photos first: the copies stored here belong to nothing.
      if (!recorded) await Promise.all(rows.map((r) => o.blobs.delete(legacyPhotoKey(customerId, r.id))));
      return recorded;
    },
  };
}
export type LibraryActivationService = ReturnType<typeof libraryActivationService>;
