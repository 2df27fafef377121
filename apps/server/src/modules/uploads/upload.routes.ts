import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server, ServerOptions } from '@tus/server';
import { ERRORS, HEADERS, TUS_RESUMABLE } from '@tus/utils';
import { CORRELATION_ID_HEADER, UPLOAD_DUPLICATE_HEADER, UPLOAD_MAX_BYTES, UPLOAD_PHOTO_ID_HEADER, type ApiError } from '@shoebox/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tusRefusedRoutes, tusRoutes } from './tus-operations.js';
import { requireIdentity } from '../../platform/auth/authenticate.js';
import { AppError, errorBody as errorShape } from '../../platform/http/errors.js';
import { isDependencyOutage, OUTAGE_ANSWER, OUTAGE_RETRY_AFTER_SECONDS } from '../../platform/http/dependency-outage.js';
import { IngestRejection } from './ingest/ingest-rejection.js';
import { UploadBusy } from './upload-busy.js';
import type { UploadDatastore } from './store/upload-datastore.js';
import type { IngestResult, UploadService } from './upload.service.js';
import { checkTusRequest } from './tus-protocol-check.js';

export const UPLOAD_PATH = '/api/uploads';
/** Set by this server on the raw request after verifying the token; any value a client sent is removed first. */
const CUSTOMER_HEADER = 'x-shoebox-verified-customer';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Headers a browser on another origin may read from our answers, beside the protocol's own. */
const EXPOSED_HEADERS = [UPLOAD_PHOTO_ID_HEADER, UPLOAD_DUPLICATE_HEADER, CORRELATION_ID_HEADER];

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

/** The one JSON error shape (platform/http/errors.ts) as the text the tus server and raw replies send. */
const errorBody = (correlationId: string, status: number, code: string, message: string, more?: Pick<ApiError, 'issues' | 'params'>): string =>
  JSON.stringify(errorShape(status, code, message, correlationId, more));

/** An error the tus server sends as it is: our JSON error shape, with the values the web needs to say it in the customer's language. */
function refusal(req: TusRequest, status: number, code: string, message: string, more?: Pick<ApiError, 'issues' | 'params'>) {
  return { status_code: status, body: errorBody(req.headers.get(CORRELATION_ID_HEADER) ?? '', status, code, message, more) };
}

/**
 * The tus server's error answer takes no headers, so a refusal that passes (a limit) sets Retry-After
 * on the Node response the answer is written to.
 */
function sayWhenToRetry(req: TusRequest, seconds: number): void {
  (req as TusRequest & { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res?.setHeader('Retry-After', String(seconds));
}

const uploadIdOf = (url: string) => new URL(url, 'http://upload').pathname.slice(UPLOAD_PATH.length + 1) || undefined;

/** A full image pool: the upload is kept, and the client is told when to ask for its photo. */
const busyAnswer = (correlationId: string, busy: UploadBusy) => ({
  status_code: busy.status,
  headers: { 'Retry-After': String(busy.retryAfterSeconds) },
  body: errorBody(correlationId, busy.status, busy.code, busy.message, { params: busy.params }),
});

const photoHeaders = (result: IngestResult) => ({ [UPLOAD_PHOTO_ID_HEADER]: result.photoId, [UPLOAD_DUPLICATE_HEADER]: String(result.duplicate) });

/**
 * The tus resumable-upload endpoint, as transport only: the upload service decides. Every request is
 * the signed-in customer's and may only touch that customer's uploads; the last chunk's response comes
 * after the photo was checked and stored, and a resuming client's HEAD of a finished upload says which photo it made.
 */
export async function registerUploadRoutes(app: FastifyInstance, o: { datastore: UploadDatastore; service: UploadService }) {
  let tus: Promise<Server> | undefined;
  // The tus server's module (and the web request classes it builds on load) comes with the first upload, not
  // with every start of the server.
  const createTus = async () => {
    const { MemoryLocker, Server } = await import('@tus/server');
    return new Server({
      path: UPLOAD_PATH,
      datastore: o.datastore.store,
      locker: o.datastore.locker(new MemoryLocker()),
      maxSize: UPLOAD_MAX_BYTES,
      relativeLocation: true,
      exposedHeaders: EXPOSED_HEADERS,
      async onUploadCreate(req, upload) {
        const { fileName } = await o.service.begin(req.headers.get(CUSTOMER_HEADER) ?? '', {
          id: upload.id,
          fileName: upload.metadata?.filename ?? undefined,
          size: upload.size,
          albumId: upload.metadata?.albumId ?? undefined,
        });
        return { metadata: { ...upload.metadata, filename: fileName } };
      },
      async onIncomingRequest(req, uploadId) {
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        // Another customer's upload is answered exactly like one that does not exist.
        if (!(await o.service.isOwnedBy(req.headers.get(CUSTOMER_HEADER) ?? '', uploadId))) throw refusal(req, 404, 'not_found', 'Upload not found');
        if (req.method === 'DELETE') await o.service.end(uploadId, 'cancelled');
      },
      async onUploadFinish(req, upload) {
        // A creation that carried every byte (creation-with-upload) is read back from the store after this
        // hook, to say when it expires, unless it has no creation date; by then its photo is made and its
        // bytes removed, so that read would answer 404. A finished upload has no expiry to say.
        upload.creation_date = undefined;
        try {
          return { headers: photoHeaders(await o.service.complete(upload.id)) };
        } catch (error) {
          // Answered here, not as an error: only a hook's answer can carry Retry-After.
          if (error instanceof UploadBusy) return busyAnswer(req.headers.get(CORRELATION_ID_HEADER) ?? '', error);
          throw error;
        }
      },
      /** Every error leaves as our JSON shape; anything unexpected is logged and says nothing of the server's insides. */
      async onResponseError(req, error) {
        if (error instanceof AppError) {
          if (error.retryAfterSeconds !== undefined) sayWhenToRetry(req, error.retryAfterSeconds);
          return refusal(req, error.status, error.code, error.message, { params: error.params, issues: error.issues });
        }
        if (error instanceof IngestRejection) return refusal(req, 422, error.reason, error.message, { params: error.params });
        if (error === ERRORS.ERR_SIZE_EXCEEDED) {
          const id = uploadIdOf(req.url);
          const declared = id && (await o.service.declaredBytes(id));
          return refusal(req, 413, 'beyond_upload_length', `More bytes were sent than the upload's declared length${declared ? ` of ${declared} bytes` : ''}`, declared ? { params: { declaredBytes: declared } } : undefined);
        }
        if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED) return refusal(req, 413, 'too_large', `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`, { params: { maxBytes: UPLOAD_MAX_BYTES } });
        const { status_code: status, body } = error as { status_code?: number; body?: string };
        if (status && status < 500) return body?.startsWith('{') ? { status_code: status, body } : refusal(req, status, 'upload_error', (body ?? '').trim() || 'The upload request was refused');
        if (isDependencyOutage(error)) {
          // The database or the bucket out for a moment: the client's retry continues the upload where it stands.
          app.log.error({ err: error, correlationId: req.headers.get(CORRELATION_ID_HEADER) }, 'A dependency is unreachable; answered 503');
          sayWhenToRetry(req, OUTAGE_RETRY_AFTER_SECONDS);
          return refusal(req, OUTAGE_ANSWER.status, OUTAGE_ANSWER.code, OUTAGE_ANSWER.message);
        }
        app.log.error({ err: error, correlationId: req.headers.get(CORRELATION_ID_HEADER) }, 'Upload failed');
        return refusal(req, 500, 'internal', 'An unexpected error has occurred');
      },
    });
  };

  /** An answer of our own, with the protocol and cross-origin headers the tus server would give it. */
  const send = (reply: FastifyReply, status: number, headers: Record<string, string>, body?: string) => {
    void reply.code(status).headers({ 'Tus-Resumable': TUS_RESUMABLE, 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': [...HEADERS, ...EXPOSED_HEADERS].join(', '), ...headers });
    if (body !== undefined) void reply.type(JSON_TYPE);
    return reply.send(body);
  };

  /** A resuming client's HEAD of an upload whose bytes all arrived: finished here, answered with its photo. */
  async function answerFinished(request: FastifyRequest, reply: FastifyReply, customerId: string, uploadId: string): Promise<boolean> {
    let finished;
    try {
      finished = await o.service.resumed(customerId, uploadId);
    } catch (error) {
      if (error instanceof UploadBusy) {
        const busy = busyAnswer(String(request.id), error);
        send(reply, busy.status_code, busy.headers, busy.body);
        return true;
      }
      if (!(error instanceof IngestRejection)) throw error;
      send(reply, 422, {}, errorBody(String(request.id), 422, error.reason, error.message, { params: error.params }));
      return true;
    }
    if (!finished) return false;
    const length = String(finished.declaredBytes);
    send(reply, 200, { 'Upload-Offset': length, 'Upload-Length': length, 'Cache-Control': 'no-store', ...photoHeaders(finished) });
    return true;
  }

  await app.register(async (scope) => {
    // tus reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const customerId = request.method === 'OPTIONS' ? undefined : requireIdentity(request).customerId;
      const refused = checkTusRequest(request.method, request.headers);
      if (refused) return send(reply, refused.status, refused.headers ?? {}, errorBody(String(request.id), refused.status, refused.code, refused.message));
      const uploadId = uploadIdOf(request.url);
      if (request.method === 'HEAD' && customerId && uploadId && (await answerFinished(request, reply, customerId, uploadId))) return reply;
      setTrustedHeader(request.raw, CUSTOMER_HEADER, customerId);
      setTrustedHeader(request.raw, CORRELATION_ID_HEADER, String(request.id));
      labelErrorsAsJson(reply.raw);
      releaseWhenClientLeaves(request.raw);
      reply.hijack();
      // A start that failed (its module could not load) is tried again by the next upload, not kept.
      (tus ??= createTus().catch((error: unknown) => {
        tus = undefined;
        throw error;
      })).then(
        (server) => server.handle(request.raw, reply.raw),
        (error: unknown) => {
          app.log.error({ err: error, correlationId: request.id }, 'The upload server could not start');
          reply.raw.destroy();
        },
      );
      return reply;
    };
    for (const declared of tusRoutes(UPLOAD_PATH)) scope.route({ ...declared, handler });
    for (const refused of tusRefusedRoutes(UPLOAD_PATH, scope.supportedMethods)) scope.route({ ...refused, handler });
  });
}
