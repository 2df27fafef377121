import { downloadListSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { downloadKeys } from './query-keys';

/** GET {downloads}/downloads: every archive of the customer, newest first. */
export const getDownloads = (http: HttpClient, signal?: AbortSignal) => http('downloads', '/downloads', { schema: downloadListSchema, signal });

export const downloadsQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: downloadKeys.list(), queryFn: ({ signal }) => getDownloads(http, signal).then((list) => list.items), retry: 1 });

export function useDownloads() {
  const { http } = useServices();
  return useQuery(downloadsQueryOptions(http));
}
