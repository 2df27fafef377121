import { WIDGETS_PAGE_SIZE, widgetListSchema } from '@shoebox/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** GET {widgets}/v1/widgets/me?offset&limit: one page of the customer's books, newest first (spec §7.8: offset (page-1)*size). */
export const getWidgetsPage = (http: HttpClient, page: number, signal?: AbortSignal) =>
  http('widgets', '/v1/widgets/me', { query: { offset: (page - 1) * WIDGETS_PAGE_SIZE, limit: WIDGETS_PAGE_SIZE }, schema: widgetListSchema, signal });

export const widgetsPageQueryOptions = (http: HttpClient, page: number) =>
  queryOptions({
    queryKey: widgetKeys.page(page),
    queryFn: ({ signal }) => getWidgetsPage(http, page, signal),
    // The page before stays in view while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useWidgetsPage(page: number) {
  const { http } = useServices();
  return useQuery(widgetsPageQueryOptions(http, page));
}
