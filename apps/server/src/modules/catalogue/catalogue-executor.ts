import { ARTICLES, CATALOGUE_LIMITS, type Article } from '@shoebox/contracts';
import Fastify from 'fastify';
import { buildSchema, GraphQLError, type ExecutionResult } from 'graphql';
import mercurius, { type IResolvers } from 'mercurius';
import { CATALOGUE_SDL } from './catalogue.schema.js';
import { localeProblem, type CatalogueService } from './catalogue.service.js';
import { costLimit, introspectionListSizes, plainStringArguments } from './query-bounds.js';

export type CatalogueExecutor = (query: string, variables?: Record<string, unknown>, operationName?: string) => Promise<ExecutionResult>;

/**
 * Mercurius with the catalogue's schema, resolvers and bounds (decision 112), in a Fastify instance of its own
 * without routes: the route in catalogue.routes.ts declares the contract, and this module (Mercurius and graphql,
 * about half a second of loading) is imported with the first query rather than at every start of the server.
 */
export async function catalogueExecutor(service: CatalogueService): Promise<CatalogueExecutor> {
  const schema = buildSchema(CATALOGUE_SDL);
  // The most items each list of the catalogue holds, for the cost of a query; the option lists are counted from the data.
  const articles: Article[] = Object.values(ARTICLES);
  const listSizes = {
    'Query.channels': service.channels().length,
    'Channel.articles': articles.length,
    'Article.options': Math.max(...articles.map((a) => a.options?.length ?? 0)),
    'OptionKind.options': Math.max(0, ...articles.flatMap((a) => (a.options ?? []).map((kind) => kind.options.length))),
    ...introspectionListSizes(schema),
  };
  // Any other list (none is left) counts as many items as the schema has types, the longest introspection list.
  const otherListSize = Object.keys(schema.getTypeMap()).length;

  const resolvers: IResolvers = {
    Query: {
      channels: () => service.channels(),
      channel: (_root: unknown, { code, locale }: { code: string; locale?: string | null }) => {
        const problem = locale === undefined || locale === null ? undefined : localeProblem(locale);
        if (problem) throw new GraphQLError(problem);
        return service.channel(code, locale);
      },
    },
  };
  const app = Fastify();
  await app.register(mercurius, {
    schema: CATALOGUE_SDL,
    resolvers,
    routes: false,
    graphiql: false,
    queryDepth: CATALOGUE_LIMITS.depth,
    validationRules: [plainStringArguments, costLimit(CATALOGUE_LIMITS.cost, listSizes, otherListSize)],
  });
  await app.ready();
  return (query, variables, operationName) => app.graphql(query, {}, variables, operationName);
}
