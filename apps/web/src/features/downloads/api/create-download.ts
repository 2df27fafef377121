import { downloadCreatedSchema, type DownloadRequest } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { DOWNLOAD_REQUEST_RETRIES, retryUnanswered } from './retry-unanswered';
import { downloadKeys } from './query-keys';

/** POST {downloads}/downloads: an archive of the customer's own photos. */
export const createDownload = (http: HttpClient, request: DownloadRequest) =>
  http('downloads', '/downloads', { method: 'POST', body: request, schema: downloadCreatedSchema });

export function useCreateDownload() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DownloadRequest) => createDownload(http, request),
    // The request names its archive by the id it carries, so sending it again makes no second archive.
    retry: (failures, error) => failures < DOWNLOAD_REQUEST_RETRIES && retryUnanswered(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}
