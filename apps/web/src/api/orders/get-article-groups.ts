import { articleGroupListSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useServices } from '../../lib/services';

/** GET {orders}/v1/ArticleGroup: the article groups with their order cut-offs and production days. */
export const getArticleGroups = (http: HttpClient, signal?: AbortSignal) => http('orders', '/v1/ArticleGroup', { schema: articleGroupListSchema, signal }).then((list) => list.items);

// The groups change with the retailer's production planning, not within a visit.
export const articleGroupsQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: ['article-groups'] as const, queryFn: ({ signal }) => getArticleGroups(http, signal), staleTime: 60 * 60_000 });

export function useArticleGroups() {
  const { http } = useServices();
  return useQuery(articleGroupsQueryOptions(http));
}
