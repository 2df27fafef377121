import { accountPhotoInfoSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { photoKeys } from './query-keys';

export const getAccountPhotoInfo = (http: HttpClient, signal?: AbortSignal) =>
  http('photoManagement', '/users', { schema: accountPhotoInfoSchema, signal });

export const accountPhotoInfoQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: photoKeys.accountInfo(), queryFn: ({ signal }) => getAccountPhotoInfo(http, signal) });

export function useAccountPhotoInfo() {
  const { http } = useServices();
  return useQuery(accountPhotoInfoQueryOptions(http));
}
