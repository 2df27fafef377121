import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CORRELATION_ID_HEADER } from '@shoebox/contracts';
import type { FastifyInstance } from 'fastify';
import { withTrace } from '../runtime/trace.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the caller's X-CorrelationId when it is a plausible id, so logs across services line up. */
export function correlationIdFor(req: IncomingMessage): string {
  const given = req.headers[CORRELATION_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SAFE_ID.test(value) ? value : randomUUID();
}

/** Echoes the request's id, and runs the request within its trace (decision 104): the jobs it asks for carry it, and log lines name it. */
export function registerCorrelation(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('X-CorrelationId', String(request.id));
    withTrace(String(request.id), done);
  });
}
