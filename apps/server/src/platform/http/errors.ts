import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '@shoebox/contracts';
import { z } from 'zod/mini';

/** An error whose status and message are safe to show the caller. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ApiError['issues'],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiError['issues']) => new AppError(400, 'bad_request', message, issues);
export const unauthorized = (message = 'Sign-in required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);

/** Parses a request part with a contract schema; a mismatch is a 400 that names each bad field. */
export function parseRequest<S extends z.core.$ZodType>(schema: S, value: unknown, part = 'request'): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw badRequest(
    `Invalid ${part}`,
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = (status: number, code: string, message: string, issues?: ApiError['issues']): ApiError => ({
      status,
      error: code,
      message,
      correlationId: String(request.id),
      ...(issues ? { issues } : {}),
    });
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      else request.log.info({ status: error.status, code: error.code }, error.message);
      return reply.status(error.status).send(body(error.status, error.code, error.message, error.issues));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) {
      request.log.info({ status, code: error.code }, error.message);
      return reply.status(status).send(body(status, error.code?.toLowerCase() ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send(body(500, 'internal', 'An unexpected error has occurred'));
  });
}
