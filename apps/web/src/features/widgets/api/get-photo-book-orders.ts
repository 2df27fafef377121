import { accountOrderListSchema, ORDERS_BY_ACCOUNT_LIMIT, PHOTO_BOOKS_ARTICLE_GROUP, type AccountOrderList } from '@shoebox/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { articleGroupsQueryOptions } from '../../../api/orders/get-article-groups';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** GET {orders}/orders/byAccount/{accountId}?articleNames&offset&limit (spec §7.3): the account's products of those articles, newest first. */
export const getOrdersByAccount = (http: HttpClient, accountId: string, articleNames: readonly string[], signal?: AbortSignal) =>
  http('orders', `/orders/byAccount/${encodeURIComponent(accountId)}`, {
    query: { articleNames: articleNames.join(','), offset: 0, limit: ORDERS_BY_ACCOUNT_LIMIT },
    schema: accountOrderListSchema,
    signal,
  });

const NONE: AccountOrderList = { items: [], total: 0 };

/**
 * The customer's newest photo books ordered, filtered by the article names of the photo-book article group
 * (GET {orders}/v1/ArticleGroup, kept for the visit). A catalogue without that group, or with no article in
 * it, means none: the call is not made, as no filter at all would answer every product.
 */
export const photoBookOrdersQueryOptions = (http: HttpClient, queryClient: QueryClient, accountId: string) =>
  queryOptions({
    queryKey: widgetKeys.photoBookOrders(accountId),
    queryFn: async ({ signal }) => {
      const groups = await queryClient.fetchQuery(articleGroupsQueryOptions(http));
      const articleNames = groups.find((group) => group.code === PHOTO_BOOKS_ARTICLE_GROUP)?.articleNames ?? [];
      return articleNames.length ? getOrdersByAccount(http, accountId, articleNames, signal) : NONE;
    },
  });

export function usePhotoBookOrders(accountId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useQuery(photoBookOrdersQueryOptions(http, queryClient, accountId));
}
