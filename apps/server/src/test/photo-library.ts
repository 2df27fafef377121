/**
 * Helpers for the photo-library API tests: customers of their own per test, photos stored fast, tus
 * requests over inject, and the background passes (blob sweeper, upload recovery) run on demand.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_BASE_PATHS, THUMBNAIL_SIZES, UNKNOWN_DATE, type ApiError } from '@shoebox/contracts';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { startPhotoBlobSweeper } from '../modules/photos/photo-blob-sweeper.js';
import { photoRepository } from '../modules/photos/photo.repository.js';
import { makeTestJpeg, type TestJpegOptions } from '../seed/photo-like-images.js';
import { startUploadRecovery } from '../modules/uploads/upload-recovery.js';
import type { UploadDatastore } from '../modules/uploads/store/upload-datastore.js';
import { UPLOAD_PATH } from '../modules/uploads/upload.routes.js';
import { uploadRepository } from '../modules/uploads/upload.repository.js';
import type { IngestResult } from '../modules/uploads/upload.service.js';
import { fsBlobStore } from '../platform/blobs/fs-blob-store.js';
import { s3BlobStore } from '../platform/blobs/s3-blob-store.js';
import { urlSigner } from '../platform/blobs/url-signer.js';
import type { PhotosTable } from '../platform/db/schema.js';
import { afterAll, beforeAll } from 'vitest';
import { skipTestsUnlessAvailable, type TestDatabase, type TestDatabaseKind } from './databases.js';
import { bearer, forgeAccessToken } from './sign-in.js';
import { blobDirOf, PUBLIC_URL, startTestShoebox, type TestShoebox, type TestShoeboxOptions } from './test-server.js';

/**
 * useTestShoebox, except that a PostgreSQL database is dropped only once the closed server's
 * connections have really gone. The pg pool's end() resolves before its sockets close, and the
 * server's pool has no 'error' listener, so DROP DATABASE … WITH (FORCE) right after close can kill a
 * closing connection and surface as an uncaught "terminating connection due to administrator
 * command" that fails the run (seen under load).
 */
export function useLibraryServer(kind: TestDatabaseKind, options: Omit<TestShoeboxOptions, 'database'> = {}): () => TestShoebox {
  let current: TestShoebox | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (!kind.available) return;
    database = await kind.create(options.seed === false ? 'migrated' : 'seeded');
    current = await startTestShoebox(kind, { ...options, database });
  });
  afterAll(async () => {
    await current?.dispose();
    current = undefined;
    await database?.drop();
  });
  skipTestsUnlessAvailable(kind);
  return () => {
    if (!current) throw new Error('The test server is not running');
    return current;
  };
}

export const PHOTOS_API = SERVICE_BASE_PATHS.photoManagement;
export const DELETION_INFO_URL = `${SERVICE_BASE_PATHS.accountDeletionInfo}/accounts/getaccountinformation`;

export interface TestCustomer {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

/** A logger that says nothing, for the background passes the tests run themselves. */
export const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

/**
 * A new customer of its own, so tests never share a library. Its access token carries exactly the
 * claims the embedded provider issues, signed with the provider's key (the real sign-in flow costs
 * far more; tests that need it call signIn). The password is the demo one, so signIn(app, email)
 * works too: the hash is copied from a demo identity, which saves hashing per customer.
 */
export async function newCustomer(server: TestShoebox, o: { registeredAt?: string; channel?: string } = {}): Promise<TestCustomer> {
  const { db } = server;
  const id = randomUUID();
  const email = `c-${id.slice(0, 8)}@example.com`;
  // Emma's password where the demo accounts were made; without them (seed: false) the customer cannot sign in with one.
  const demo = (await db.selectFrom('identities').select('password_hash').where('email', '=', 'emma@example.com').executeTakeFirst()) ?? { password_hash: 'no password' };
  await db
    .insertInto('customers')
    .values({
      id,
      email,
      first_name: 'Test',
      last_name: 'Customer',
      phone: null,
      channel: o.channel ?? 'www.printhaven.co.uk',
      registered_at: o.registeredAt ?? new Date().toISOString(),
      business_company: null,
      business_vat: null,
      business_status: null,
      deleted_at: null,
    })
    .execute();
  const identityId = randomUUID();
  await db
    .insertInto('identities')
    .values({ id: identityId, customer_id: id, email, password_hash: demo.password_hash, idp_type: 'shoebox', auth_method: 'b2c', created_at: new Date().toISOString() })
    .execute();
  const token = await forgeAccessToken(db, { sub: id, email, idp_type: 'shoebox', idp_sub: identityId, auth_method: 'b2c' });
  return { id, email, token, headers: bearer(token) };
}

// ------------------------------------------------------------------------------- photos, fast

export interface PhotoSpec {
  /** Local wall-clock 'YYYY-MM-DDTHH:MM:SS'; absent means unknown (filed under 1 Jan 1970). */
  dateTaken?: string;
  offset?: string;
  /** ISO UTC; default now. */
  uploadedAt?: string;
}

/**
 * Inserts photo rows through the repository (counts included), without any bytes: for paging and
 * counting, where the files are never fetched.
 */
export async function insertPhotoRows(server: TestShoebox, customerId: string, specs: PhotoSpec[]): Promise<PhotosTable[]> {
  const repo = photoRepository(server.db);
  const rows: PhotosTable[] = [];
  for (const spec of specs) {
    const dateTaken = spec.dateTaken ?? UNKNOWN_DATE;
    const uploadedAt = spec.uploadedAt ?? new Date().toISOString();
    const row: PhotosTable = {
      id: randomUUID(),
      customer_id: customerId,
      checksum: randomBytes(32).toString('hex'),
      original_name: `IMG_${rows.length + 1}.jpg`,
      mime: 'image/jpeg',
      bytes: 1000,
      width: 64,
      height: 48,
      date_taken: dateTaken,
      date_taken_offset: spec.offset ?? null,
      taken_month: dateTaken.slice(0, 7),
      uploaded_at: uploadedAt,
      upload_month: uploadedAt.slice(0, 7),
      upload_id: 'test-rows',
      renditions: JSON.stringify(THUMBNAIL_SIZES.map((size) => ({ size, width: 64, height: 48 }))),
    };
    if (!(await repo.insert(row))) throw new Error('Photo row not inserted');
    rows.push(row);
  }
  return rows;
}

let imageSeed = 1000;

/** A small distinct JPEG (64×48 unless told), written to a temporary file. */
export async function writeTestJpeg(dir: string, name: string, options: TestJpegOptions = {}): Promise<{ file: string; bytes: Buffer }> {
  const bytes = await makeTestJpeg({ width: 64, height: 48, seed: imageSeed++, ...options });
  const file = path.join(dir, name);
  await fs.promises.writeFile(file, bytes);
  return { file, bytes };
}

/** Stores real photos (bytes, renditions, rows) through the upload service, as an upload would. */
export async function storePhotos(
  server: TestShoebox,
  customerId: string,
  images: (TestJpegOptions & { name?: string })[],
): Promise<(IngestResult & { bytes: Buffer; name: string })[]> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shoebox-photos-'));
  try {
    const results = [];
    for (const [i, image] of images.entries()) {
      const name = image.name ?? `IMG_${i + 1}.jpg`;
      const { file, bytes } = await writeTestJpeg(dir, name, image);
      const result = await server.uploads.storePhoto({ customerId, fileName: name, uploadId: `test-${i}`, filePath: file });
      results.push({ ...result, bytes, name });
    }
    return results;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Stores the given bytes as a photo through the upload service (e.g. a PNG). */
export async function storeFile(server: TestShoebox, customerId: string, fileName: string, bytes: Buffer): Promise<IngestResult> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shoebox-photos-'));
  try {
    const file = path.join(dir, 'upload');
    await fs.promises.writeFile(file, bytes);
    return await server.uploads.storePhoto({ customerId, fileName, uploadId: `test-${fileName}`, filePath: file });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

// --------------------------------------------------------------------------- blobs and passes

/** Relative path (pathname and query) of an absolute signed URL, for inject. */
export function relative(url: string): string {
  const u = new URL(url);
  if (u.origin !== PUBLIC_URL) throw new Error(`Expected a URL on ${PUBLIC_URL}, got ${url}`);
  return u.pathname + u.search;
}

/** Every file under the customer's photo folder, relative to it. */
export function blobFilesOf(server: TestShoebox, customerId: string, photoId?: string): string[] {
  const dir = path.join(blobDirOf(server), 'photos', customerId, ...(photoId ? [photoId] : []));
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Runs the deleted-photo blob sweeper once, as its timer would. */
export async function sweepDeletedBlobs(server: TestShoebox): Promise<number> {
  // Deleting needs no signing: any signer will do for the local store.
  const { blobs: config } = server.config;
  const blobs = config.kind === 's3' ? s3BlobStore(config) : fsBlobStore(config.dir, PUBLIC_URL, urlSigner('unused'));
  const sweeper = startPhotoBlobSweeper(photoRepository(server.db), blobs, silentLog);
  try {
    return await sweeper.sweep();
  } finally {
    await sweeper.stop();
  }
}

/** The server's tus datastore: its upload folder, or the bucket. */
export function uploadDatastore(server: TestShoebox): UploadDatastore {
  return server.uploadFiles;
}

/** Runs the upload recovery pass once, as its timer would. */
export async function recoverUploads(server: TestShoebox): Promise<void> {
  const recovery = startUploadRecovery({
    datastore: uploadDatastore(server),
    uploads: uploadRepository(server.db),
    service: server.uploads,
    log: silentLog,
  });
  try {
    await recovery.recover();
  } finally {
    recovery.stop();
  }
}

/** The tus files (`<id>` and `<id>.json`) left in the upload folder for an upload. */
export function tusFilesOf(server: TestShoebox, uploadId: string): string[] {
  if (!fs.existsSync(server.config.uploadsDir)) return [];
  return fs.readdirSync(server.config.uploadsDir).filter((name) => name === uploadId || name.startsWith(`${uploadId}.`));
}

// -------------------------------------------------------------------------------- tus client

const TUS = { 'tus-resumable': '1.0.0' };

export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}

/** A minimal tus 1.0 client over inject, as tus-js-client would speak it. */
export function tusClient(server: TestShoebox, headers: Record<string, string>) {
  const { app } = server;
  return {
    create(length: number | undefined, metadata: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url: UPLOAD_PATH,
        headers: {
          ...TUS,
          ...headers,
          ...(length === undefined ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
          ...(Object.keys(metadata).length ? { 'upload-metadata': encodeMetadata(metadata) } : {}),
        },
      });
    },
    patch(location: string, offset: number, chunk: Buffer) {
      return app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...TUS, ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        payload: chunk,
      });
    },
    head(location: string) {
      return app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...headers } });
    },
    /** Creates the upload and sends the bytes in `chunks` PATCHes; answers the creation and the last PATCH. */
    async upload(bytes: Buffer, fileName: string, chunks = 1): Promise<{ location: string; uploadId: string; created: LightMyRequestResponse; last: LightMyRequestResponse }> {
      const created = await this.create(bytes.length, { filename: fileName, filetype: 'image/jpeg' });
      if (created.statusCode !== 201) throw new Error(`Upload creation answered ${created.statusCode}: ${created.body}`);
      const location = locationOfUpload(created);
      const size = Math.ceil(bytes.length / chunks);
      let last: LightMyRequestResponse | undefined;
      for (let offset = 0; offset < bytes.length; offset += size) {
        last = await this.patch(location, offset, bytes.subarray(offset, offset + size));
        if (offset + size < bytes.length && last.statusCode !== 204) throw new Error(`PATCH at ${offset} answered ${last.statusCode}: ${last.body}`);
      }
      if (!last) throw new Error('Nothing to send');
      return { location, uploadId: location.split('/').at(-1) as string, created, last };
    },
  };
}

export function locationOfUpload(response: LightMyRequestResponse): string {
  const location = response.headers.location;
  if (typeof location !== 'string') throw new Error(`No Location on ${response.statusCode}: ${response.body}`);
  const pathname = new URL(location, PUBLIC_URL).pathname;
  if (!pathname.startsWith(`${UPLOAD_PATH}/`)) throw new Error(`Unexpected upload location ${location}`);
  return pathname;
}

/** The JSON error body of a refused tus request. */
export function tusError(response: LightMyRequestResponse): ApiError {
  return JSON.parse(response.body) as ApiError;
}
