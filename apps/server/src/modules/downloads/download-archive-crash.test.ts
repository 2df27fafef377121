import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ArchiveEventKey } from '@shoebox/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { PARTIAL_DIR, fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { openTestQueue, type TestQueueSetup } from '../../platform/jobs/fixtures/test-queues.js';
import { databases, type TestDatabaseKind } from '../../test/databases.js';
import { DOWNLOADS_API, insertDownloadRow, openZip } from '../../test/downloads.js';
import { newCustomer, silentLog, storePhotos } from '../../test/photo-library.js';
import { deleteRedisKeys, REDIS_UNAVAILABLE, testRedisUrl, uniqueRedisPrefix } from '../../test/redis.js';
import { blobDirOf, PUBLIC_URL, startTestShoebox } from '../../test/test-server.js';
import { albumRepository } from '../albums/album.repository.js';
import { albumService } from '../albums/album.service.js';
import { photoRepository } from '../photos/photo.repository.js';
import { photoService } from '../photos/photo.service.js';
import { archiveKey, defineDownloadArchiveJob } from './download-archive-job.js';
import { downloadRepository } from './download.repository.js';
import type { ArchiveCrashSetup } from '../../test/children/archive.js';
import { startTestChild } from '../../test/children/test-child.js';

/** Short enough that the killed process's job is taken over within a second or two. */
const TEST_TIMING = { leaseMs: 1_000, heartbeatMs: 200, pollMs: 50, retryBaseMs: 50, retryMaxMs: 200, closeWaitMs: 1_000 };

interface Backend {
  name: string;
  kind: TestDatabaseKind;
  available: boolean;
  unavailable: string;
  queue(databaseUrl: string): { setup: TestQueueSetup; drop(): Promise<void> };
}

const sqlite = databases.find((d) => d.name === 'sqlite')!;
const backends: Backend[] = [
  ...databases.map((kind) => ({
    name: `the embedded queue on ${kind.name}`,
    kind,
    available: kind.available,
    unavailable: `${kind.name} is not available: set TEST_DATABASE_URL (npm test does)`,
    queue: (databaseUrl: string) => ({ setup: { adapter: 'embedded' as const, databaseUrl, timing: TEST_TIMING }, drop: async () => {} }),
  })),
  {
    name: 'BullMQ on Redis',
    kind: sqlite,
    available: Boolean(testRedisUrl),
    unavailable: REDIS_UNAVAILABLE,
    queue: () => {
      const prefix = uniqueRedisPrefix('downloads-crash');
      // BullMQ puts a colon after its prefix itself.
      return { setup: { adapter: 'bullmq' as const, redisUrl: testRedisUrl!, prefix: prefix.slice(0, -1), timing: TEST_TIMING }, drop: () => deleteRedisKeys(prefix) };
    },
  },
];

/** A process of its own running test/children/archive.ts; resolves `stalled` once it is mid-archive. */
function startChild(setup: ArchiveCrashSetup): { child: ChildProcess; stalled: Promise<string>; lines: string[] } {
  const { child, ready, lines } = startTestChild(new URL('../../test/children/archive.ts', import.meta.url), { ARCHIVE_CHILD_SETUP: JSON.stringify(setup) }, 'stalled ', 'second process');
  return { child, stalled: ready, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('an archive whose process is killed mid-archive, with $name', (backend) => {
  beforeEach((context) => {
    if (!backend.available) context.skip(backend.unavailable);
  });

  it('is finished by another process: no half zip is ever offered, every photo is in it once, and no partial file is left', { timeout: 60_000 }, async () => {
    const server = await startTestShoebox(backend.kind);
    const { setup: queueSetup, drop } = backend.queue(server.database.url);
    let child: ChildProcess | undefined;
    try {
      const me = await newCustomer(server);
      const photos = await storePhotos(server, me.id, [
        { name: 'one.jpg' },
        { name: 'two.jpg' },
        { name: 'three.jpg' },
      ]);
      const row = await insertDownloadRow(server, me.id, { refs: photos.map((p) => ({ photoId: p.photoId, ownerId: me.id })) });
      await server.db.insertInto('download_pending_totals').values({ customer_id: me.id, pending: 1 }).execute();
      const blobDir = blobDirOf(server);
      // Only the two processes below run archives: the server's own queue would take the job over too.
      await server.jobs.close();
      // The server stays running beside the two job processes: it answers the customer throughout.
      const url = () => server.app.inject({ url: `${DOWNLOADS_API}/downloads/${row.id}/url`, headers: me.headers });

      const started = startChild({ queue: queueSetup, databaseUrl: server.database.url, blobDir, downloadId: row.id });
      child = started.child;
      expect(await started.stalled).toBe(`stalled ${row.id}`);
      const partials = fs.readdirSync(path.join(blobDir, PARTIAL_DIR));
      expect(partials.length).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(blobDir, archiveKey(me.id, row.id)))).toBe(false);
      expect((await url()).statusCode).toBe(409);

      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      expect(started.lines).toEqual(['event archive.generation.started', `stalled ${row.id}`]);
      // Nothing was offered by the killed run, and nothing is after it either, until the archive is whole.
      expect((await url()).statusCode).toBe(409);

      const published: ArchiveEventKey[] = [];
      const queue = await openTestQueue(queueSetup);
      try {
        const blobs = fsBlobStore(blobDir, PUBLIC_URL, urlSigner('unused'));
        const photos = photoService(photoRepository(server.db), blobs, async () => ({ own: 0, read: 0 }));
        defineDownloadArchiveJob(queue, {
          repo: downloadRepository(server.db),
          originalsOf: photos.originalsOf,
          sharedPhotoOwners: albumService(albumRepository(server.db), photos.toPhoto).sharedPhotoOwners,
          blobs,
          events: {
            async publish(_userId, message) {
              if ('key' in message) published.push(message.key);
            },
          },
          log: silentLog,
        });
        await queue.start();
        const repo = downloadRepository(server.db);
        for (const started = Date.now(); (await repo.find(row.id))?.state === 'pending'; await sleep(50)) {
          if (Date.now() - started > 20_000) throw new Error('The archive was not taken over');
        }
        // A moment more: a run that finished must not be followed by a second "finished".
        await sleep(500);
      } finally {
        await queue.dispose();
      }

      const done = await downloadRepository(server.db).find(row.id);
      expect(done).toMatchObject({ state: 'ready', left_out: 0, error: null });
      expect(published).toEqual(['archive.generation.started', 'archive.generation.finished']);
      const zip = fs.readFileSync(path.join(blobDir, archiveKey(me.id, row.id)));
      expect(Number(done!.size)).toBe(zip.length);
      const files = await openZip(zip);
      expect([...files.keys()].sort()).toEqual(['one.jpg', 'three.jpg', 'two.jpg']);
      for (const p of photos) expect(files.get(p.name)).toEqual(p.bytes);
      expect((await url()).statusCode).toBe(200);

      // The re-run's write of the same key removed the killed run's partial file first: none is left, without any sweep.
      expect(fs.readdirSync(path.join(blobDir, PARTIAL_DIR))).toEqual([]);
    } finally {
      child?.kill('SIGKILL');
      await server.dispose();
      await drop();
    }
  });
});
