import {
  CATALOGUE_GRAPHQL_PATH,
  CATALOGUE_LIMITS,
  CATALOGUE_SCHEMA_PATH,
  catalogueAnswerSchema,
  catalogueRefusalSchema,
  catalogueRequestSchema,
  CORRELATION_ID_HEADER,
  textProblem,
  type CatalogueRequest,
} from '@shoebox/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { z } from 'zod/mini';
import { route } from '../../platform/api/route.js';
import { errorBody } from '../../platform/http/errors.js';
import type { CatalogueExecutor } from './catalogue-executor.js';
import { CATALOGUE_SDL } from './catalogue.schema.js';
import type { CatalogueService } from './catalogue.service.js';

const LIMITS_TOLD = `a query of at most ${CATALOGUE_LIMITS.queryBytes} bytes, ${CATALOGUE_LIMITS.depth} levels deep, costing at most ${CATALOGUE_LIMITS.cost} (each field counts once for every item of the lists it is in)`;

/** The first string in the variables that holds a control character, by its path; the query's own strings are checked by plainStringArguments. */
function controlCharacterIn(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return textProblem(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = controlCharacterIn(item, `${path}.${i}`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharacterIn(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** Why a request is refused before GraphQL reads it, or undefined. */
function refusalBeforeParsing(body: CatalogueRequest): string | undefined {
  if (Buffer.byteLength(body.query, 'utf8') > CATALOGUE_LIMITS.queryBytes) return `The query is longer than ${CATALOGUE_LIMITS.queryBytes} bytes`;
  const path = controlCharacterIn(body.variables ?? {}, 'variables');
  return path ? `${path} must not contain control characters` : undefined;
}

/** A refused query: the one error shape, its message the first reason, with every reason as GraphQL states them. */
function refuse(request: FastifyRequest, reply: FastifyReply, errors: readonly { message: string; locations?: readonly { line: number; column: number }[] }[]) {
  const graphQlErrors = errors.map(({ message, locations }) => ({ message, ...(locations?.length ? { locations: locations.map(({ line, column }) => ({ line, column })) } : {}) }));
  const body = { ...errorBody(400, 'bad_query', graphQlErrors[0]?.message ?? 'The query is refused', String(request.id)), errors: graphQlErrors };
  return reply.status(400).header(CORRELATION_ID_HEADER, String(request.id)).send(body);
}

interface MercuriusValidationError extends Error {
  code: string;
  errors?: readonly GraphQLError[];
}

const isRefusedQuery = (error: unknown): error is MercuriusValidationError => (error as MercuriusValidationError).code === 'MER_ERR_GQL_VALIDATION';

/**
 * The merchandise catalogue (decision 112): GraphQL served by Mercurius without its own routes, so the one POST
 * route declares its contract and refusals like every other and the API document lists it. Public: the
 * storefronts and their articles are what any shop window shows. GraphiQL is not served (its page loads scripts
 * the CSP refuses); the SDL and introspection serve a client's own tools.
 */
export const catalogueRoutes = (service: CatalogueService): FastifyPluginAsync => async (app) => {
  // Made with the first query: most starts of the server never answer one.
  let executor: Promise<CatalogueExecutor> | undefined;
  const execute: CatalogueExecutor = async (...args) => {
    if (!executor) {
      executor = import('./catalogue-executor.js').then((m) => m.catalogueExecutor(service));
      // A failed making is tried again with the next query.
      executor.catch(() => (executor = undefined));
    }
    return (await executor)(...args);
  };

  route(
    app,
    {
      method: 'POST',
      url: CATALOGUE_GRAPHQL_PATH,
      summary: 'The merchandise catalogue as GraphQL: the storefronts (channels), and one by code and locale with its articles',
      description:
        `Schema: GET ${CATALOGUE_SCHEMA_PATH} beside this path (introspection is answered too). Public. Example: ` +
        '{"query":"{ channel(code: \\"www.printhaven.de\\", locale: \\"de-DE\\") { currency articles { id articleType title } } }"}. ' +
        `Held to ${LIMITS_TOLD}; string arguments and variables must not contain control characters.`,
      body: catalogueRequestSchema,
      response: { 200: catalogueAnswerSchema, 400: catalogueRefusalSchema },
      refusals: { 400: `the query is not valid GraphQL for the schema, passes a bound (${LIMITS_TOLD}), or has an argument the catalogue refuses: GraphQL's errors are in \`errors\`` },
    },
    async ({ body, request, reply }) => {
      const refused = refusalBeforeParsing(body);
      if (refused) return refuse(request, reply, [{ message: refused }]);
      let result: ExecutionResult;
      try {
        result = await execute(body.query, body.variables ?? undefined, body.operationName ?? undefined);
      } catch (error) {
        if (isRefusedQuery(error)) return refuse(request, reply, error.errors ?? [{ message: error.message }]);
        throw error;
      }
      // The data is in memory and nothing in it can fail: an error is an argument a resolver refused, or an operation that is not there.
      if (result.errors?.length) return refuse(request, reply, result.errors);
      return { data: result.data };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: CATALOGUE_SCHEMA_PATH,
      summary: "The merchandise catalogue's GraphQL schema (SDL), for POST " + CATALOGUE_GRAPHQL_PATH,
      response: { 200: z.string() },
      produces: 'text/plain',
    },
    ({ reply }) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(CATALOGUE_SDL),
  );
};
