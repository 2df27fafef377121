import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { exportKit, identityOf } from '../../test/exports.js';
import { newCustomer, storePhotos, useLibraryServer } from '../../test/photo-library.js';
import { backupService } from './backup.service.js';

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
});
