import { printSizeOfArticle, productSchema, type OrderProduct, type Product } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/** How often a print file being made is looked at again. */
const PENDING_POLL_MS = 5000;

/**
 * GET {orders}/v1/Products/{id}?extendResponseCommand=none&extendResponseWithUrls=false (spec §7.7): the product's
 * files and their states, without links; a link is asked for when the customer clicks (get-pdf-link, decision 114).
 */
export const getProduct = (http: HttpClient, productCode: string, signal?: AbortSignal) =>
  http('orders', `/v1/Products/${encodeURIComponent(productCode)}?extendResponseCommand=none&extendResponseWithUrls=false`, { schema: productSchema, signal });

const pending = (product: Product | undefined) => product?.files.some((f) => f.state === 'pending') ?? false;

export const productQueryOptions = (http: HttpClient, productCode: string) =>
  queryOptions({
    queryKey: orderKeys.product(productCode),
    queryFn: ({ signal }) => getProduct(http, productCode, signal),
    refetchInterval: (query) => (pending(query.state.data) ? PENDING_POLL_MS : false),
  });

/** Asked only for prints, the products that have a print file: others would answer none. */
export function useProduct(product: Pick<OrderProduct, 'code' | 'articleName'>) {
  const { http } = useServices();
  return useQuery({ ...productQueryOptions(http, product.code), enabled: printSizeOfArticle(product.articleName) !== undefined });
}
