import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { CORRELATION_ID_HEADER, type ApiError, type ApiErrorParams } from '@shoebox/contracts';
import { z } from 'zod/mini';
import { MAX_REQUEST_NESTING, type UnsafeValue } from './unsafe-value.js';
import type { ServerFailureReporter } from '../error-reporting/server-failure-reporter.js';
import { isDependencyOutage, OUTAGE_ANSWER, OUTAGE_RETRY_AFTER_SECONDS } from './dependency-outage.js';

/**
 * An error whose status and message are safe to show the caller. `code` is the answer's stable `error`;
 * `params` are the values a client needs to say it in its customer's language (the message is English).
 */
export class AppError extends Error {
  /** When the caller may try again, for a refusal that passes (a limit, a full queue): sent as Retry-After. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ApiError['issues'],
    readonly params?: ApiErrorParams,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiError['issues']) => new AppError(400, 'bad_request', message, issues);
export const unauthorized = (message = 'Sign-in required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);

/** The path exists, under other methods: the answer lists them in `Allow`. */
export class MethodNotAllowed extends AppError {
  constructor(
    method: string,
    path: string,
    readonly allow: string[],
  ) {
    super(405, 'method_not_allowed', `${method} is not allowed on ${path}; allowed: ${allow.join(', ')}`);
  }
}

/** A limit was reached; the answer says when to try again. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(429, 'too_many_requests', message);
  }
}

/** The `error` code of a refusal that carries only a status (the framework's and the HTTP parser's own). */
const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'timeout',
  413: 'too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};
const codeFor = (status: number) => CODES[status] ?? (status >= 500 ? 'internal' : 'bad_request');

/** The one JSON error shape, for every answer that refuses or fails. */
export function errorBody(status: number, code: string, message: string, correlationId: string, more: Pick<ApiError, 'issues' | 'params'> = {}): ApiError {
  return { status, error: code, message, correlationId, ...(more.issues ? { issues: more.issues } : {}), ...(more.params ? { params: more.params } : {}) };
}

/** A NUL or absurd nesting names its field: refused even where a schema forgot to use the contracts' types. */
export const unsafeInRequest = ({ path, reason }: UnsafeValue, part: string) =>
  badRequest(`Invalid ${part}`, [
    { path, message: reason === 'nul' ? 'Must not contain NUL characters' : `Must not be nested more than ${MAX_REQUEST_NESTING} levels deep` },
  ]);

/**
 * Parses a request part with a contract schema; a mismatch is a 400 that names each bad field. The
 * request guards have already refused a NUL in the address and a NUL or absurd nesting in the body,
 * before validation, so the part is not walked for them again here.
 */
export function parseRequest<S extends z.core.$ZodType>(schema: S, value: unknown, part = 'request'): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw badRequest(
    `Invalid ${part}`,
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string, more?: Pick<ApiError, 'issues' | 'params'>) {
  return reply
    .status(status)
    .header(CORRELATION_ID_HEADER, String(request.id))
    .type('application/json; charset=utf-8')
    .send(errorBody(status, code, message, String(request.id), more));
}

/** A 500 goes to the error service too (decision 117), named by its correlation id, route and customer. */
function reportUnexpected(failures: ServerFailureReporter | undefined, error: unknown, request: FastifyRequest) {
  failures?.report(error, {
    correlationId: String(request.id),
    source: 'request',
    where: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
    customerId: request.identity?.customerId ?? null,
  });
}

export function registerErrorHandling(app: FastifyInstance, failures?: ServerFailureReporter): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.status === 500) reportUnexpected(failures, error, request);
      else request.log.info({ status: error.status, code: error.code }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      if (error instanceof MethodNotAllowed) reply.header('Allow', error.allow.join(', '));
      return send(request, reply, error.status, error.code, error.message, { issues: error.issues, params: error.params });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) {
      request.log.info({ status, code: error.code }, error.message);
      return send(request, reply, status, codeFor(status), error.message);
    }
    if (isDependencyOutage(error)) {
      request.log.error({ err: error }, 'A dependency is unreachable; answered 503');
      reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
      return send(request, reply, OUTAGE_ANSWER.status, OUTAGE_ANSWER.code, OUTAGE_ANSWER.message);
    }
    request.log.error({ err: error }, 'Unhandled error');
    reportUnexpected(failures, error, request);
    return send(request, reply, 500, 'internal', 'An unexpected error has occurred');
  });
}

const PARSER_REFUSALS = {
  400: 'The request is not valid HTTP',
  408: 'The request took too long to arrive',
  414: 'The address is too long',
  431: 'The request headers are too large',
} as const;

/**
 * The request line alone is over the parser's limit: the address, not the headers, is too long. Seen
 * only when the line arrived in the chunk the parser gave up on; otherwise the answer is 431.
 */
function requestLineTooLong(raw: Buffer | undefined): boolean {
  if (!raw || !/^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'))) return false;
  const end = raw.indexOf('\r\n');
  return (end < 0 ? raw.length : end) > maxHeaderSize;
}

/**
 * Fastify options that make errors raised before any route runs leave in the one error shape too:
 * a path that is not valid percent-encoding, and what Node's HTTP parser refuses on its own (headers
 * or address too large, bytes that are not HTTP), answered on the raw socket since there is no request.
 */
/** The longest path parameter read: a 320-character email address with every character percent-encoded is 960. */
export const MAX_PATH_PARAMETER_LENGTH = 1_000;

export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error, request, reply) {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    request.log.info({ status, code: error.code }, error.message);
    void send(request, reply, status, codeFor(status), status === 400 ? 'The address is not valid' : error.message);
  },
  clientErrorHandler(this: FastifyInstance, error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Node hands the parser's chunk as a Buffer; Fastify's type describes its JSON form.
    const raw = error.rawPacket as unknown as Buffer | undefined;
    const status: keyof typeof PARSER_REFUSALS =
      error.code === 'HPE_HEADER_OVERFLOW' ? (requestLineTooLong(raw) ? 414 : 431) : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const correlationId = randomUUID();
    this.log.info({ status, code: error.code, correlationId }, 'Refused a request the HTTP parser could not read');
    if (!socket.writable) return void socket.destroy();
    const body = JSON.stringify(errorBody(status, codeFor(status), PARSER_REFUSALS[status], correlationId));
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-CorrelationId: ${correlationId}`,
      'X-Content-Type-Options: nosniff',
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  },
};
