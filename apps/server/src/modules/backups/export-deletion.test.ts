import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { exportKit, identityOf } from '../../test/exports.js';
import { newCustomer, storePhotos, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { blobDirOf } from '../../test/test-server.js';
import { EXPORT_JOB, exportBlobPrefix } from './backup.service.js';

describe.each(databases)("removing a customer's exports on $name", (kind) => {
  const server = useLibraryServer(kind);

  const exportFiles = (customerId: string) => {
    const dir = path.join(blobDirOf(server()), exportBlobPrefix(customerId, 'x'), '..');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
  };
  const rowsOf = (who: TestCustomer) => server().db.selectFrom('backups').select('id').where('customer_id', '=', who.id).execute();
  const chunksOf = (ids: string[]) => server().db.selectFrom('backup_chunks').select('backup_id').where('backup_id', 'in', ids).execute();
  const jobRow = (id: string, state: 'queued' | 'running') => {
    const at = new Date().toISOString();
    // Due in an hour: the test server's own queue leaves it waiting.
    const runAfter = new Date(Date.now() + 3_600_000).toISOString();
    return { kind: EXPORT_JOB, id, payload: JSON.stringify({ backupId: id }), state, attempts: 0, run_after: runAfter, lease_owner: null, lease_until: null, last_error: null, created_at: at, updated_at: at };
  };

  /** A ready export with its chunks, and a requested one with its queued job. */
  async function exportsOf(who: TestCustomer) {
    await storePhotos(server(), who.id, [{ name: 'a.jpg' }, { name: 'b.jpg' }]);
    const kit = exportKit(server(), { chunkMaxBytes: 1 });
    const ready = await kit.service.start(identityOf(who));
    await kit.run(ready.id);
    // A library changed since the ready export exports again.
    await storePhotos(server(), who.id, [{ name: 'c.jpg' }]);
    const requested = await kit.service.start(identityOf(who));
    await server().db.insertInto('jobs').values(jobRow(requested.id, 'queued')).execute();
    return { ready: ready.id, requested: requested.id };
  }

  it("removes every row, chunk, chunk file and queued job of the customer's exports, answers how many, and leaves another customer's alone", async () => {
    const me = await newCustomer(server());
    const other = await newCustomer(server());
    const mine = await exportsOf(me);
    const theirs = await exportsOf(other);
    expect(exportFiles(me.id).filter((f) => f.endsWith('.zip'))).toHaveLength(2);
    const theirFiles = exportFiles(other.id);

    expect(await exportKit(server()).service.deleteAllOf(me.id)).toBe(2);

    expect(await rowsOf(me)).toEqual([]);
    expect(await chunksOf([mine.ready, mine.requested])).toEqual([]);
    expect(exportFiles(me.id)).toEqual([]);
    expect(await server().db.selectFrom('jobs').select('id').where('id', '=', mine.requested).execute()).toEqual([]);

    expect((await rowsOf(other)).map((r) => r.id).sort()).toEqual([theirs.ready, theirs.requested].sort());
    expect(await chunksOf([theirs.ready])).toHaveLength(2);
    expect(exportFiles(other.id)).toEqual(theirFiles);
    expect(await server().db.selectFrom('jobs').select('state').where('id', '=', theirs.requested).execute()).toEqual([{ state: 'queued' }]);

    expect(await exportKit(server()).service.deleteAllOf(me.id)).toBe(0);
  });

  it('leaves a running export in the queue, and that export, finding its row gone after a chunk, removes its chunks and ends without error or mail', async () => {
    const me = await newCustomer(server());
    await storePhotos(server(), me.id, [{ name: 'a.jpg' }, { name: 'b.jpg' }, { name: 'c.jpg' }]);
    const base = exportKit(server());
    let pages = 0;
    const kit = exportKit(server(), {
      chunkMaxBytes: 1,
      // The library is emptied while the second chunk is being made: the first is recorded, the second is not.
      libraryOriginals: async (customerId, after, limit) => {
        const page = await base.library.libraryOriginals(customerId, after, limit);
        if (++pages === 2) expect(await base.service.deleteAllOf(me.id)).toBe(1);
        return page;
      },
    });
    const { id } = await kit.service.start(identityOf(me));
    await server().db.insertInto('jobs').values(jobRow(id, 'running')).execute();

    await kit.run(id);

    expect(pages).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(me)).toEqual([]);
    expect(await chunksOf([id])).toEqual([]);
    expect(exportFiles(me.id)).toEqual([]);
    expect(await kit.mailsTo(me.email)).toEqual([]);
    expect(await server().db.selectFrom('jobs').select('state').where('id', '=', id).execute()).toEqual([{ state: 'running' }]);
  });
});
