import { galleryCategoriesSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** GET {widgets}/v1/categories: the gallery's categories, a fixed list, read once per visit. */
export const getCategories = (http: HttpClient, signal?: AbortSignal) => http('widgets', '/v1/categories', { schema: galleryCategoriesSchema, signal });

export const categoriesQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: widgetKeys.categories(), queryFn: ({ signal }) => getCategories(http, signal), staleTime: Infinity });

export function useCategories() {
  const { http } = useServices();
  return useQuery(categoriesQueryOptions(http));
}
