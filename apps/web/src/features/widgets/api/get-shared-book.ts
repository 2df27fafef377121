import { sharedBookSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { widgetKeys } from './query-keys';

/** GET {widgets}/v1/shared-books/{shareToken}: public, the link is the only key (no token, no account). */
export const getSharedBook = (http: HttpClient, shareToken: string, signal?: AbortSignal) =>
  http('widgets', `/v1/shared-books/${encodeURIComponent(shareToken)}`, { schema: sharedBookSchema, signal, anonymous: true });

export const sharedBookQueryOptions = (http: HttpClient, shareToken: string) =>
  queryOptions({ queryKey: widgetKeys.sharedBook(shareToken), queryFn: ({ signal }) => getSharedBook(http, shareToken, signal) });

export function useSharedBook(shareToken: string) {
  const { http } = useServices();
  return useQuery(sharedBookQueryOptions(http, shareToken));
}
