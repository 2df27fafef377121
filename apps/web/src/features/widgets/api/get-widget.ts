import { widgetDetailsSchema, type WidgetDetails } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isHttpStatus } from '../../../lib/http/errors';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/**
 * GET {widgets}/v1/widget/{id}: one of the customer's books with its pages; a 401 gives null (spec §7.8). The
 * call takes its token from the session like every other, which renews it before it expires: a 401 means the
 * token was refused all the same (signed out elsewhere, or the account closed), and the screen says so rather
 * than failing. Nothing is cached for long, so the book is read again once the customer has signed in anew.
 */
export async function getWidget(http: HttpClient, widgetId: string, signal?: AbortSignal): Promise<WidgetDetails | null> {
  try {
    return await http('widgets', `/v1/widget/${encodeURIComponent(widgetId)}`, { schema: widgetDetailsSchema, signal, handled: [401] });
  } catch (error) {
    if (isHttpStatus(error, 401)) return null;
    throw error;
  }
}

export const widgetQueryOptions = (http: HttpClient, widgetId: string) =>
  queryOptions({ queryKey: widgetKeys.detail(widgetId), queryFn: ({ signal }) => getWidget(http, widgetId, signal) });

export function useWidget(widgetId: string) {
  const { http } = useServices();
  return useQuery(widgetQueryOptions(http, widgetId));
}
