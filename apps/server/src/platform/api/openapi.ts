import { SERVICE_BASE_PATHS, apiErrorSchema, documentationOf } from '@shoebox/contracts';
import { toJSONSchema } from 'zod';
import type { z } from 'zod/mini';
import { NO_CONTENT, type ApiSchema } from './route.js';
import type { RegisteredRoute } from './route-inventory.js';

type JsonSchema = Record<string, unknown>;
type Schema = z.core.$ZodType;

export interface OpenApiOptions {
  title: string;
  version: string;
  description: string;
  /** The sign-in provider's discovery document, which describes its endpoints and the token the API takes. */
  oidcDiscoveryUrl: string;
  /** The scope an access token needs for the API. */
  apiScope: string;
  /** Documents published beside this one for what OpenAPI does not describe (a GraphQL schema), linked from the reference page. */
  alsoPublished?: { title: string; url: string }[];
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

const JSON_TYPE = 'application/json';
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const OIDC_SCHEME = 'oidc';
/** What a 400 means where the route names no rule of its own: only its contract, which the document shows, refuses. */
export const CONTRACT_REFUSAL = 'The request does not match its contract (the issues name each bad field)';
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted, nothing to return',
  204: 'Done, nothing to return',
  400: CONTRACT_REFUSAL,
  401: 'No valid access token',
  503: 'Degraded',
};

/** Operations are grouped by the service whose base address they live under (see /config.json). */
function tagOf(url: string): string {
  const service = Object.entries(SERVICE_BASE_PATHS).find(([, base]) => url === base || url.startsWith(`${base}/`));
  return service?.[0] ?? /^\/api\/([^/]+)/.exec(url)?.[1] ?? 'site';
}

/** Fastify's `/albums/:id` and `/blobs/*` as OpenAPI paths. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a contract: what a client sends, or what it receives. A part
 * whose checks JSON Schema cannot read is shown as the equivalent its contract names (documentedAs in the contracts).
 */
function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const override = ({ zodSchema, jsonSchema: json }: { zodSchema: Schema; jsonSchema: JsonSchema }) => {
    const doc = documentationOf(zodSchema);
    if (doc?.equivalent) {
      for (const key of Object.keys(json)) delete json[key];
      Object.assign(json, jsonSchema(doc.equivalent(), io));
    }
    if (doc?.description) json.description = doc.description;
    if (doc?.keywords) Object.assign(json, doc.keywords);
    if (doc?.base64Of) Object.assign(json, { contentEncoding: 'base64', contentMediaType: 'text/plain', contentSchema: jsonSchema(doc.base64Of(), io) });
  };
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any', override }) as JsonSchema;
  return rest;
}

/** The top-level properties of a params or query contract, one parameter each. */
function parametersOf(schema: Schema | undefined, where: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

function operationOf(route: RegisteredRoute & { schema: ApiSchema }, path: string, o: OpenApiOptions): Operation {
  const s = route.schema;
  const pathParameters = parametersOf(s.params as Schema | undefined, 'path');
  // A path variable without a contract (a wildcard) is still a parameter of the path.
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (!pathParameters.some((p) => p.name === name)) pathParameters.push({ name: name!, in: 'path', required: true, schema: { type: 'string' } });
  }
  const parameters = [
    ...pathParameters,
    ...parametersOf(s.querystring as Schema | undefined, 'query'),
    ...Object.entries(s.requestHeaders ?? {}).map(([name, description]): Parameter => ({ name, in: 'header', required: false, description, schema: { type: 'string' } })),
  ];
  const responses: Operation['responses'] = {};
  // A refusal's own shape (the one error shape and more), declared among the answers, describes its refusal below.
  const successes = Object.entries(s.response).filter(([status]) => Number(status) < 400);
  for (const [status, schema] of successes) {
    const code = Number(status);
    responses[status] = {
      description: STATUS_TEXT[code] ?? 'Success',
      ...(s.responseHeaders && code < 300 ? { headers: Object.fromEntries(Object.entries(s.responseHeaders).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) } : {}),
      ...(schema === NO_CONTENT ? {} : { content: { [s.produces ?? JSON_TYPE]: { schema: jsonSchema(schema, 'output') } } }),
    };
  }
  const errorAnswer = (description: string, status?: string) => {
    const own = status === undefined ? undefined : s.response[Number(status)];
    return { description, content: { [JSON_TYPE]: { schema: own ? jsonSchema(own, 'output') : ERROR_REF } } };
  };
  if (s.params || s.querystring || s.body) responses['400'] = errorAnswer(STATUS_TEXT[400]!, '400');
  // The authenticated scope lets CORS preflights through without a token (see authenticate.ts).
  const needsToken = route.authenticated && route.method !== 'OPTIONS';
  if (needsToken) responses['401'] = errorAnswer(STATUS_TEXT[401]!);
  // A 400 of the route's own is a rule beyond its schemas (a card's checksum), told beside the contract's.
  for (const [status, when] of Object.entries(s.refusals ?? {})) responses[status] = errorAnswer(status === '400' ? `${CONTRACT_REFUSAL}; or ${when}` : when, status);
  responses.default = errorAnswer('Any other failure, in the one error shape');
  const body = s.body
    ? { [JSON_TYPE]: { schema: jsonSchema(s.body as Schema, 'input') } }
    : s.consumes
      ? { [s.consumes]: { schema: { type: 'string', contentMediaType: s.consumes } } }
      : undefined;
  return {
    operationId: operationId(route.method, path),
    summary: s.summary,
    ...(s.description ? { description: s.description } : {}),
    tags: [tagOf(route.url)],
    security: needsToken ? [{ [OIDC_SCHEME]: [o.apiScope] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true as const, content: body } } : {}),
    responses,
  };
}

/** Routes the document describes: every route declared with its contract schemas, except the HEAD twin Fastify adds to a GET. */
function documented(routes: RegisteredRoute[]): (RegisteredRoute & { schema: ApiSchema })[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET' && !r.schema?.hide).map((r) => r.url));
  return routes.filter((r): r is RegisteredRoute & { schema: ApiSchema } => Boolean(r.schema?.summary) && !r.schema?.hide && !(r.method === 'HEAD' && gets.has(r.url)));
}

/**
 * The OpenAPI 3.1 document of the routes declared with contract schemas: the same schemas that
 * validate the requests, so the document cannot drift from what the server accepts.
 */
export function openApiDocument(routes: RegisteredRoute[], o: OpenApiOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of documented(routes)) {
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, path, o);
  }
  return {
    openapi: '3.1.0',
    info: { title: o.title, version: o.version, description: o.description },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
      securitySchemes: {
        [OIDC_SCHEME]: {
          type: 'openIdConnect',
          openIdConnectUrl: o.oidcDiscoveryUrl,
          description: `A bearer access token (JWT) from the sign-in provider, with the scope "${o.apiScope}".`,
        },
      },
    },
  };
}
