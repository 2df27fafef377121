import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import { CORRELATION_ID_HEADER, UPLOAD_DUPLICATE_HEADER, UPLOAD_MAX_BYTES, UPLOAD_PHOTO_ID_HEADER, type ApiError } from '@shoebox/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireIdentity } from '../../platform/auth/authenticate.js';
import { IngestRejection } from './ingest/ingest-photo.js';
import type { UploadRepository } from './upload.repository.js';
import type { UploadService } from './upload.service.js';

export const UPLOAD_PATH = '/api/uploads';
/** Set by this server on the raw request after verifying the token; any value a client sent is removed first. */
const CUSTOMER_HEADER = 'x-shoebox-verified-customer';
/** An upload left unfinished this long is given up and its bytes removed. */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_FILE_NAME = 255;

/**
 * Replaces a header on the raw request, in both its parsed and raw forms (the tus server reads the
 * raw ones): whatever the client sent under that name is dropped.
 */
function setTrustedHeader(raw: IncomingMessage, name: string, value: string | undefined): void {
  const kept: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]?.toLowerCase() !== name) kept.push(raw.rawHeaders[i] as string, raw.rawHeaders[i + 1] as string);
  }
  delete raw.headers[name];
  if (value !== undefined) {
    kept.push(name, value);
    raw.headers[name] = value;
  }
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
}

/** The tus server labels every body it writes as text; its error bodies here are all JSON (see onResponseError). */
function labelErrorsAsJson(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const relabel = (headers: unknown): unknown => {
    if (Array.isArray(headers) && Array.isArray(headers[0])) return (headers as [string, string][]).map(([k, v]) => (k.toLowerCase() === 'content-type' ? [k, JSON_TYPE] : [k, v]));
    if (Array.isArray(headers)) return headers.map((v: string, i) => (i % 2 === 1 && String(headers[i - 1]).toLowerCase() === 'content-type' ? JSON_TYPE : v));
    if (headers && typeof headers === 'object') return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, k.toLowerCase() === 'content-type' ? JSON_TYPE : v]));
    return headers;
  };
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status < 400) return writeHead(status, ...rest);
    res.setHeader('Content-Type', JSON_TYPE);
    return writeHead(status, ...rest.map(relabel));
  }) as typeof res.writeHead;
}
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A browser that reloads mid-chunk closes the connection without the request erroring, and the tus
 * server keeps the upload locked, so the resumed upload would wait for the lock. The tus server gives
 * the lock up on the request's error: raise one when the body never completed.
 */
function releaseWhenClientLeaves(raw: IncomingMessage): void {
  raw.once('close', () => {
    if (!raw.complete && raw.listenerCount('error') > 0) raw.emit('error', Object.assign(new Error('The client went away mid-upload'), { code: 'ECONNRESET' }));
  });
}

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** An error the tus server sends as it is: our JSON error shape with a message for the customer. */
function refusal(req: TusRequest, status: number, code: string, message: string) {
  const body: ApiError = { status, error: code, message, correlationId: req.headers.get(CORRELATION_ID_HEADER) ?? '' };
  return { status_code: status, body: JSON.stringify(body) };
}

/**
 * The tus resumable-upload endpoint. Every request is the signed-in customer's and may only touch
 * that customer's uploads; the last chunk's response comes after the photo was checked and stored.
 */
export async function registerUploadRoutes(app: FastifyInstance, o: { dir: string; uploads: UploadRepository; service: UploadService }) {
  // Made on first use: the store creates its folder in the background, which must not outlive a short-lived server.
  let datastore: FileStore | undefined;
  const getDatastore = () => {
    if (!datastore) {
      fs.mkdirSync(o.dir, { recursive: true });
      datastore = new FileStore({ directory: o.dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    }
    return datastore;
  };
  let tus: Server | undefined;
  const createTus = () => new Server({
    path: UPLOAD_PATH,
    datastore: getDatastore(),
    maxSize: UPLOAD_MAX_BYTES,
    relativeLocation: true,
    exposedHeaders: [UPLOAD_PHOTO_ID_HEADER, UPLOAD_DUPLICATE_HEADER, CORRELATION_ID_HEADER],
    async onUploadCreate(req, upload) {
      const customerId = req.headers.get(CUSTOMER_HEADER) ?? '';
      const fileName = upload.metadata?.filename?.trim();
      if (!fileName || fileName.length > MAX_FILE_NAME) throw refusal(req, 400, 'bad_request', 'The upload has no valid file name');
      if (upload.size === undefined) throw refusal(req, 400, 'bad_request', 'The file size must be known before uploading');
      if (upload.size === 0) throw refusal(req, 422, 'empty', 'The file is empty');
      await o.uploads.create({ id: upload.id, customer_id: customerId, file_name: fileName, album_id: upload.metadata?.albumId ?? null });
      return { metadata: { ...upload.metadata, filename: fileName } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const upload = await o.uploads.find(uploadId);
      // Another customer's upload is answered exactly like one that does not exist.
      if (!upload || upload.customer_id !== req.headers.get(CUSTOMER_HEADER)) throw refusal(req, 404, 'not_found', 'Upload not found');
    },
    async onUploadFinish(req, upload) {
      try {
        const result = await o.service.ingest(upload.id, path.join(o.dir, upload.id));
        await getDatastore().remove(upload.id).catch(() => undefined);
        return { headers: { [UPLOAD_PHOTO_ID_HEADER]: result.photoId, [UPLOAD_DUPLICATE_HEADER]: String(result.duplicate) } };
      } catch (error) {
        if (!(error instanceof IngestRejection)) throw error;
        // Nothing of a refused file is kept.
        await getDatastore().remove(upload.id).catch(() => undefined);
        throw refusal(req, 422, error.reason, error.message);
      }
    },
    /** Every error leaves as our JSON shape; anything unexpected is logged and says nothing of the server's insides. */
    async onResponseError(req, error) {
      const { status_code: status, body } = error as { status_code?: number; body?: string };
      if (status === 413) return refusal(req, 413, 'too_large', `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
      if (status && status < 500) return body?.startsWith('{') ? { status_code: status, body } : refusal(req, status, 'upload_error', (body ?? '').trim() || 'The upload request was refused');
      app.log.error({ err: error, correlationId: req.headers.get(CORRELATION_ID_HEADER) }, 'Upload failed');
      return refusal(req, 500, 'internal', 'An unexpected error has occurred');
    },
  });

  await app.register(async (scope) => {
    // tus reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      setTrustedHeader(request.raw, CUSTOMER_HEADER, request.method === 'OPTIONS' ? undefined : requireIdentity(request).customerId);
      setTrustedHeader(request.raw, CORRELATION_ID_HEADER, String(request.id));
      labelErrorsAsJson(reply.raw);
      releaseWhenClientLeaves(request.raw);
      reply.hijack();
      void (tus ??= createTus()).handle(request.raw, reply.raw);
    };
    scope.all(UPLOAD_PATH, handler);
    scope.all(`${UPLOAD_PATH}/*`, handler);
  });

  return { getDatastore };
}
