import { downloadCreatedSchema, type SharedAlbumDownloadRequest } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { DOWNLOAD_REQUEST_RETRIES, retryUnanswered } from './retry-unanswered';
import { downloadKeys } from './query-keys';

/** POST {downloads}/shared-album-downloads: photos of a shared album, each named with its owner. */
export const createSharedAlbumDownload = (http: HttpClient, request: SharedAlbumDownloadRequest) =>
  http('downloads', '/shared-album-downloads', { method: 'POST', body: request, schema: downloadCreatedSchema });

export function useCreateSharedAlbumDownload() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SharedAlbumDownloadRequest) => createSharedAlbumDownload(http, request),
    retry: (failures, error) => failures < DOWNLOAD_REQUEST_RETRIES && retryUnanswered(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}
