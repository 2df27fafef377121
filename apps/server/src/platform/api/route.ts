import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod/mini';
import type { Identity } from '../auth/access-token.js';
import { requireIdentity } from '../auth/authenticate.js';
import { parseRequest } from '../http/errors.js';

type Schema = z.core.$ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** The answer of a route that sends no body (204, 202). */
export const NO_CONTENT = z.null();

/** What the API document says of a route; the same contract schemas validate its requests. */
export interface ApiSchema extends FastifySchema {
  summary: string;
  description?: string;
  /** The success answer by status: a contract schema, or NO_CONTENT. */
  response: Record<number, Schema>;
  /** The success answer's media type when it is not JSON. */
  produces?: string;
  /** A request body that is not JSON (its media type), read by the handler itself. */
  consumes?: string;
  /** Headers the route reads or answers with, by name: a protocol's (tus) rather than a contract's. */
  requestHeaders?: Record<string, string>;
  responseHeaders?: Record<string, string>;
  /** Not an operation of the API (a refusal of methods a protocol does not know): left out of the document. */
  hide?: boolean;
  /** Refusals of the route's own, by status, each with when it comes: documented in the one error shape. */
  refusals?: Record<number, string>;
}

export interface RouteSpec<P = undefined, Q = undefined, B = undefined>
  extends Omit<ApiSchema, 'params' | 'querystring' | 'body' | 'headers'> {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  params?: P;
  query?: Q;
  body?: B;
}

export interface RouteInput<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** The signed-in caller; always there in the authenticated scope, a 401 anywhere else. */
  readonly identity: Identity;
  request: FastifyRequest;
  reply: FastifyReply;
}

const PART_NAMES: Record<string, string> = { params: 'path', querystring: 'query', body: 'body', headers: 'headers' };

/**
 * Fastify validates each declared part with its contract schema (it hands over the part's schema,
 * not the route's): a mismatch is our 400 that names each bad field.
 */
const contractValidator: FastifySchemaCompiler<ApiSchema> = ({ schema, httpPart }) => {
  const part = PART_NAMES[httpPart ?? ''] ?? 'request';
  return (data) => {
    try {
      return { value: parseRequest(schema as unknown as Schema, data, part) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/** Response schemas document the answer; the body is written as Fastify writes any JSON. */
const plainSerializer = () => (data: unknown) => JSON.stringify(data);

/** A route's method, path and contract schemas as Fastify takes them, for routes whose handler is not a call into a service (a protocol server's). */
export function declaredRoute({ method, url, params, query, body, ...doc }: RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>) {
  const schema: ApiSchema = {
    ...doc,
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
  };
  return { method, url, schema, validatorCompiler: contractValidator, serializerCompiler: plainSerializer };
}

/**
 * A handler's input. `identity` is read from the prototype: a getter written into an object made per
 * request gave V8 a fresh accessor in old space for each one, which kept the whole request alive
 * through every young-generation collection (decision 044).
 */
class Input<P, Q, B> implements RouteInput<P, Q, B> {
  readonly params: Parsed<P>;
  readonly query: Parsed<Q>;
  readonly body: Parsed<B>;

  constructor(
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
  ) {
    this.params = request.params as Parsed<P>;
    this.query = request.query as Parsed<Q>;
    this.body = request.body as Parsed<B>;
  }

  get identity(): Identity {
    return requireIdentity(this.request);
  }
}

/**
 * Declares a route with its contract schemas on it (Fastify's `schema`), as the API document reads
 * them: the handler gets the parsed, typed params, query and body, and stays a one-line call into
 * its service.
 */
export function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
  handler: (input: RouteInput<P, Q, B>) => unknown,
): void {
  // The lowest declared status is the one a success answers with; a handler may still set another.
  const status = Math.min(...Object.keys(spec.response).map(Number));
  const noContent = spec.response[status] === NO_CONTENT;
  app.route({
    ...declaredRoute(spec),
    handler: async (request, reply) => {
      reply.status(status);
      const result = await handler(new Input<P, Q, B>(request, reply));
      if (result === reply || reply.sent) return reply;
      return noContent ? reply.send() : result;
    },
  });
}
