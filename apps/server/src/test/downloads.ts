/**
 * Helpers for the download tests: the calls over inject, archive rows put straight into the database (a
 * pending one whose job never runs, a finished one), waiting for an archive's state, and opening an
 * archive's bytes as a customer would (zip-check's unpackZip) to compare it with the originals.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { downloadListSchema, SERVICE_BASE_PATHS, type DownloadItem, type SharedPhotoRef } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { pendingDownloadRow } from '../modules/downloads/download.service.js';
import type { DownloadsTable } from '../platform/db/schema.js';
import { databases, type TestDatabaseKind } from './databases.js';
import { relative, useLibraryServer, type TestCustomer } from './photo-library.js';
import { unpackZip } from './zip-check.js';
import { deleteRedisKeys, REDIS_UNAVAILABLE, redisAvailable, testRedisUrl, uniqueRedisPrefix } from './redis.js';
import type { TestShoebox } from './test-server.js';

export const DOWNLOADS_API = SERVICE_BASE_PATHS.downloads;

/** Where download tests run: each database with the embedded jobs and events, and SQLite with BullMQ jobs and Redis events. */
export interface DownloadSetup {
  name: string;
  kind: TestDatabaseKind;
  redis: boolean;
}
const sqlite = databases.find((d) => d.name === 'sqlite')!;
export const downloadSetups: DownloadSetup[] = [
  ...databases.map((kind) => ({ name: `${kind.name} with embedded jobs`, kind, redis: false })),
  { name: 'sqlite with jobs and events on Redis', kind: { ...sqlite, available: sqlite.available && redisAvailable }, redis: true },
];

/** A server for the enclosing describe block on the setup; on Redis under a key prefix of its own, removed afterwards. */
export function useDownloadServer(setup: DownloadSetup): () => TestShoebox {
  if (!setup.redis) return useLibraryServer(setup.kind);
  beforeEach((context) => {
    if (!redisAvailable) context.skip(REDIS_UNAVAILABLE);
  });
  const prefix = uniqueRedisPrefix('downloads');
  afterAll(() => deleteRedisKeys(prefix));
  return useLibraryServer(setup.kind, { env: { REDIS_URL: testRedisUrl ?? '', REDIS_PREFIX: prefix } });
}

export function downloadCalls(server: () => TestShoebox) {
  const inject = (who: TestCustomer, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    server().app.inject({ method, url: `${DOWNLOADS_API}${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    post: (who: TestCustomer, body: unknown) => inject(who, 'POST', '/downloads', body),
    postShared: (who: TestCustomer, body: unknown) => inject(who, 'POST', '/shared-album-downloads', body),
    list: (who: TestCustomer) => inject(who, 'GET', '/downloads'),
    url: (who: TestCustomer, id: string) => inject(who, 'GET', `/downloads/${id}/url`),
    async items(who: TestCustomer): Promise<DownloadItem[]> {
      const response = await inject(who, 'GET', '/downloads');
      if (response.statusCode !== 200) throw new Error(`GET /downloads answered ${response.statusCode}: ${response.body}`);
      return downloadListSchema.parse(response.json()).items;
    },
    /** Waits until the archive has left `pending`; answers its item. */
    async settled(who: TestCustomer, id: string, timeoutMs = 20_000): Promise<DownloadItem> {
      for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 50))) {
        const item = (await this.items(who)).find((i) => i.id === id);
        if (item && item.state !== 'pending') return item;
      }
      throw new Error(`Archive ${id} still pending after ${timeoutMs} ms`);
    },
  };
}

/** An archive row as the service writes it, pending unless `o` says otherwise. */
export function downloadRow(customerId: string, o: Partial<DownloadsTable> & { refs?: SharedPhotoRef[] } = {}): DownloadsTable {
  const { refs = [{ photoId: randomUUID(), ownerId: customerId }], ...overrides } = o;
  return { ...pendingDownloadRow({ id: randomUUID(), customerId, name: null, refs, createdAt: new Date().toISOString() }), ...overrides };
}

/** Puts an archive row straight into the table; pending ones put here have no job, so they stay pending. */
export async function insertDownloadRow(server: TestShoebox, customerId: string, o: Partial<DownloadsTable> & { refs?: SharedPhotoRef[] } = {}): Promise<DownloadsTable> {
  const row = downloadRow(customerId, o);
  await server.db.insertInto('downloads').values(row).execute();
  return row;
}

/** The bytes a signed URL of the server serves, with the name it saves them under. */
export async function fetchSigned(server: TestShoebox, url: string): Promise<{ response: LightMyRequestResponse; bytes: Buffer }> {
  const response = await server.app.inject({ url: relative(url) });
  return { response, bytes: response.rawPayload };
}

/** The archive's bytes as a customer gets them: `unzip -t` must pass, then its files by name (unpackZip). */
export async function openZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shoebox-zip-'));
  try {
    const file = path.join(dir, 'archive.zip');
    await fs.promises.writeFile(file, bytes);
    return unpackZip(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Every file under the server's archive folder (relative), temporary ones included. */
export function archiveFilesOf(server: TestShoebox): string[] {
  if (server.config.blobs.kind !== 'fs') throw new Error('This test needs the local-folder blob store');
  const root = server.config.blobs.dir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((name) => !name.startsWith(`photos${path.sep}`))
    .sort();
}
