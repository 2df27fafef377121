import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { exportKit, identityOf } from '../../test/exports.js';
import { newCustomer, storePhotos, useLibraryServer } from '../../test/photo-library.js';
import { backupService, MAX_READY_EXPORTS } from './backup.service.js';

describe.each(databases)('one export at a time on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('makes one export when requests all find none running and then insert at once: the database decides, and every request answers that export', async () => {
    const customer = await newCustomer(server());
    await storePhotos(server(), customer.id, [{}]);
    const kit = exportKit(server());
    // Every request has looked for a running export (none) before any of them inserts one.
    let arrived = 0;
    let release!: () => void;
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    const service = backupService({
      repo: kit.repo,
      blobs: kit.blobs,
      jobs: { enqueue: async () => undefined },
      libraryOriginals: kit.library.libraryOriginals,
      libraryVersion: kit.library.libraryVersion,
      customerOf: async () => {
        if (++arrived === 5) release();
        await allArrived;
        return { email: customer.email, channel: 'www.printhaven.co.uk' };
      },
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.start(identityOf(customer))));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await server().db.selectFrom('backups').select('id').where('customer_id', '=', customer.id).execute();
    expect(rows).toEqual([{ id: answers[0]!.id }]);
  });

  it('refuses, and keeps nothing, when another export became ready between its count and its insert', async () => {
    const customer = await newCustomer(server());
    await storePhotos(server(), customer.id, [{}]);
    const kit = exportKit(server());
    const processed = () => ({
      id: randomUUID(), customer_id: customer.id, status: 'processed' as const, requested_at: new Date().toISOString(), processed_at: new Date().toISOString(),
      email: customer.email, locale: 'en-GB', chunks_done: 1, resume_after: null, photos_count: 1, skipped_photos: 0, mail_sent_at: null, error: null, library_version: null,
    });
    for (let i = 1; i < MAX_READY_EXPORTS; i++) await server().db.insertInto('backups').values(processed()).execute();
    const enqueued: string[] = [];
    const service = backupService({
      // Another request's export ends after this request counted the ready ones and before it inserts its own.
      repo: { ...kit.repo, insertIfNoneUnfinished: async (row) => (await server().db.insertInto('backups').values(processed()).execute(), kit.repo.insertIfNoneUnfinished(row)) },
      blobs: kit.blobs,
      jobs: { enqueue: async (_name, id) => void enqueued.push(id) },
      libraryOriginals: kit.library.libraryOriginals,
      libraryVersion: kit.library.libraryVersion,
      customerOf: async () => ({ email: customer.email, channel: 'www.printhaven.co.uk' }),
    });
    await expect(service.start(identityOf(customer))).rejects.toMatchObject({ status: 429, code: 'too_many_exports' });
    const rows = await server().db.selectFrom('backups').select('status').where('customer_id', '=', customer.id).execute();
    expect(rows.map((r) => r.status)).toEqual(Array.from({ length: MAX_READY_EXPORTS }, () => 'processed'));
    expect(enqueued).toEqual([]);
  });
});
