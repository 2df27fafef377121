import { deletionInfoSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { photoKeys } from './query-keys';

export const getDeletionInfo = (http: HttpClient, signal?: AbortSignal) =>
  http('accountDeletionInfo', '/accounts/getaccountinformation', { schema: deletionInfoSchema, signal });

export const deletionInfoQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: photoKeys.deletionInfo(), queryFn: ({ signal }) => getDeletionInfo(http, signal), staleTime: 5 * 60_000 });

export function useDeletionInfo() {
  const { http } = useServices();
  return useQuery(deletionInfoQueryOptions(http));
}
