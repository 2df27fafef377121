import { widgetShareListSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** GET {widgets}/v1/widget/{id}/shares: the book's links that still open it, newest first (decision 082). */
export const getWidgetShares = (http: HttpClient, widgetId: string, signal?: AbortSignal) =>
  http('widgets', `/v1/widget/${encodeURIComponent(widgetId)}/shares`, { schema: widgetShareListSchema, signal });

export const widgetSharesQueryOptions = (http: HttpClient, widgetId: string) =>
  queryOptions({ queryKey: widgetKeys.shares(widgetId), queryFn: ({ signal }) => getWidgetShares(http, widgetId, signal) });

export function useWidgetShares(widgetId: string) {
  const { http } = useServices();
  return useQuery(widgetSharesQueryOptions(http, widgetId));
}
