import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { fsBlobStore, PARTIAL_DIR } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { createDatabase, type Db } from '../../platform/db/database.js';
import { openTestQueue, type TestQueueSetup } from '../../platform/jobs/fixtures/test-queues.js';
import { databases } from '../../test/databases.js';
import { exportKit, identityOf } from '../../test/exports.js';
import { sha256, unpackZip } from '../../test/zip-check.js';
import { newCustomer, storePhotos, useLibraryServer } from '../../test/photo-library.js';
import { deleteRedisKeys, REDIS_UNAVAILABLE, testRedisUrl, uniqueRedisPrefix } from '../../test/redis.js';
import { blobDirOf, PUBLIC_URL } from '../../test/test-server.js';
import { backupRepository } from './backup.repository.js';
import { chunkBlobKey, EXPORT_JOB } from './backup.service.js';
import { startExportWorker, type ExportWorkerSetup } from '../../test/export-worker.js';
import { startTestChild } from '../../test/children/test-child.js';

/** Short enough that the killed process's export is taken over within a second or two. */
const TEST_TIMING = { leaseMs: 1_000, heartbeatMs: 200, pollMs: 50, retryBaseMs: 50, retryMaxMs: 200, closeWaitMs: 1_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  for (const started = Date.now(); ; await sleep(25)) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
  }
}

/** A process of its own making exports (test/children/export.ts). */
function startChild(setup: ExportWorkerSetup): { child: ChildProcess; started: Promise<string> } {
  const { child, ready } = startTestChild(new URL('../../test/children/export.ts', import.meta.url), { EXPORT_CHILD_SETUP: JSON.stringify(setup) }, 'started ', 'export process');
  return { child, started: ready };
}

const adapters = [
  { name: 'embedded queue', available: true, unavailable: '' },
  { name: 'BullMQ queue', available: Boolean(testRedisUrl), unavailable: REDIS_UNAVAILABLE },
];

describe.each(databases)('an export killed mid-chunk on $name', (kind) => {
  describe.each(adapters)('with the $name', (adapter) => {
    const server = useLibraryServer(kind);

    it('is resumed by a second process at its first unfinished chunk: no half chunk, finished chunks kept, every photo once, one mail', async (context) => {
      if (!adapter.available) return context.skip(adapter.unavailable);
      const customer = await newCustomer(server());
      const photos = await storePhotos(server(), customer.id, Array.from({ length: 8 }, (_, i) => ({ width: 64 + i * 8, height: 48 + i * 6 })));
      const { id } = await exportKit(server()).service.start(identityOf(customer));
      const blobDir = blobDirOf(server());
      const outboxDir = (server().config.mail as { dir: string }).dir;
      const databaseUrl = server().database.url;
      // The test server's own queue would take the export; the two processes below are the only ones making it.
      await server().close();

      const prefix = uniqueRedisPrefix('exports');
      const queue: TestQueueSetup =
        adapter.name === 'BullMQ queue'
          ? { adapter: 'bullmq', redisUrl: testRedisUrl!, prefix: prefix.slice(0, -1), timing: TEST_TIMING }
          : { adapter: 'embedded', databaseUrl, timing: TEST_TIMING };
      const setup: ExportWorkerSetup = {
        queue,
        databaseUrl,
        blobDir,
        outboxDir,
        publicUrl: PUBLIC_URL,
        // About two photos a chunk, so the export has several.
        chunkMaxBytes: Math.max(...photos.map((p) => p.bytes.length)) * 2,
        pageDelayMs: 150,
      };
      const db: Db = await createDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
      const repo = backupRepository(db);
      const blobs = fsBlobStore(blobDir, PUBLIC_URL, urlSigner('unused'));
      const { child, started } = startChild(setup);
      let survivor: Awaited<ReturnType<typeof startExportWorker>> | undefined;
      try {
        // The export's job is stored, as the server's request stores it, and the first process takes it.
        const enqueuer = await openTestQueue(queue);
        enqueuer.define(EXPORT_JOB, async () => {
          throw new Error('This queue only stores the job');
        });
        await enqueuer.enqueue(EXPORT_JOB, id, { backupId: id });
        await enqueuer.dispose();
        expect(await started).toBe(`started ${id}`);

        // Killed while its second chunk is being written.
        await until(async () => ((await repo.find(id))?.chunks_done ?? 0) >= 1, 'the first chunk');
        await sleep(200);
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));

        const killedAt = await repo.find(id);
        expect(killedAt?.status).toBe('in-progress');
        const finished = await repo.chunks(id);
        expect(finished.map((c) => c.iteration)).toEqual(finished.map((_, i) => i + 1));
        const next = chunkBlobKey(customer.id, id, finished.length + 1);
        expect(fs.existsSync(blobs.pathOf(next))).toBe(false);
        const before = finished.map((c) => ({ ...c, ino: fs.statSync(blobs.pathOf(c.blob_key)).ino }));

        // A second process takes the export over once the killed one's lease lapses, and finishes it.
        survivor = await startExportWorker({ ...setup, pageDelayMs: 0 });
        await until(async () => (await repo.find(id))?.status === 'processed', 'the export to be made');
        // The outbox folder is made by the first mail, which follows the export's last update.
        const mailsOf = () => (fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []).filter((n) => fs.readFileSync(path.join(outboxDir, n), 'utf8').includes(`/my-photos/exports/${id}`));
        await until(async () => mailsOf().length > 0, 'the mail');

        const chunks = await repo.chunks(id);
        for (const old of before) {
          const now = chunks.find((c) => c.iteration === old.iteration);
          expect(now?.id).toBe(old.id);
          expect(fs.statSync(blobs.pathOf(old.blob_key)).ino).toBe(old.ino);
        }
        const contents = chunks.flatMap((c) => [...unpackZip(blobs.pathOf(c.blob_key)).values()].map(sha256));
        expect(contents.sort()).toEqual(photos.map((p) => sha256(p.bytes)).sort());
        expect(mailsOf()).toHaveLength(1);
        // The killed write's bytes were only ever a partial file, removed by the re-run's write of the same chunk: none is left, without any sweep.
        expect(fs.readdirSync(path.join(blobDir, PARTIAL_DIR))).toEqual([]);
      } finally {
        child.kill('SIGKILL');
        await survivor?.dispose();
        await db.destroy();
        await deleteRedisKeys(prefix);
      }
    }, 120_000);
  });
});
