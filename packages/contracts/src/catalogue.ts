/** The merchandise catalogue (spec §3 Channel, §7.7; decision 112): a GraphQL endpoint under {catalogue}. */
import { z } from 'zod/mini';
import { PRODUCT_KINDS } from './articles.js';
import { apiErrorSchema } from './errors.js';
import { text } from './text.js';

/** POST {catalogue}/graphql: a GraphQL query, answered as GraphQL answers (data, errors). */
export const CATALOGUE_GRAPHQL_PATH = '/graphql';
/** GET {catalogue}/schema.graphql: the schema in GraphQL's own language (SDL), beside the OpenAPI document. */
export const CATALOGUE_SCHEMA_PATH = '/schema.graphql';

/**
 * The bounds every query is held to before it runs. The depth admits the standard introspection query (its type
 * references nest deepest). The cost counts each field once for every item of the lists it sits in: the whole
 * catalogue (every field of every storefront's every article) costs about 16,000, the standard introspection
 * query about 26,000, and a query that nests introspection's lists or repeats the catalogue under aliases passes it.
 */
export const CATALOGUE_LIMITS = { queryBytes: 8_192, depth: 15, cost: 30_000 } as const;

/** A GraphQL request as GraphQL over HTTP sends it in a JSON body. */
export const catalogueRequestSchema = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(CATALOGUE_LIMITS.queryBytes), z.describe(`At most ${CATALOGUE_LIMITS.queryBytes} bytes as UTF-8`)),
  variables: z.optional(z.nullable(z.record(text().check(z.maxLength(100)), z.unknown()))),
  operationName: z.optional(z.nullable(text().check(z.maxLength(100)))),
});
export type CatalogueRequest = z.infer<typeof catalogueRequestSchema>;

const graphQlErrorSchema = z.object({
  message: z.string(),
  locations: z.optional(z.array(z.object({ line: z.int(), column: z.int() }))),
  path: z.optional(z.array(z.union([z.string(), z.int()]))),
  extensions: z.optional(z.record(z.string(), z.unknown())),
});

/** What a query is answered with: its data, and the errors of any field that failed. */
export const catalogueAnswerSchema = z.object({
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  errors: z.optional(z.array(graphQlErrorSchema)),
});

/** A query refused before it ran (its syntax, an unknown field, a bound passed): the one error shape, with GraphQL's errors. */
export const catalogueRefusalSchema = z.extend(apiErrorSchema, { errors: z.optional(z.array(graphQlErrorSchema)) });

/** The articles of one storefront in one language, as the web asks for them (CATALOGUE_ARTICLES_QUERY). */
export const catalogueArticleSchema = z.object({ id: z.string(), articleType: z.enum(PRODUCT_KINDS), title: z.string() });
export type CatalogueArticle = z.infer<typeof catalogueArticleSchema>;

export const CATALOGUE_ARTICLES_QUERY = 'query Articles($code: String!, $locale: String!) { channel(code: $code, locale: $locale) { articles { id articleType title } } }';
export const catalogueArticlesAnswerSchema = z.object({
  data: z.object({ channel: z.nullable(z.object({ articles: z.array(catalogueArticleSchema) })) }),
});
