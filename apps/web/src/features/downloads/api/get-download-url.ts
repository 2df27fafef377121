import { signedUrlSchema } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/**
 * GET {downloads}/downloads/{id}/url: a short-lived signed link to the finished zip. Asked for at the moment
 * of saving, never cached: a link kept from earlier may have lapsed.
 */
export const getDownloadUrl = (http: HttpClient, downloadId: string, signal?: AbortSignal) =>
  http('downloads', `/downloads/${encodeURIComponent(downloadId)}/url`, { schema: signedUrlSchema, signal }).then((answer) => answer.url);

/** Fetching the link is an action the customer takes (the page's Download button), so it is a mutation, not a cached query. */
export function useDownloadUrl() {
  const { http } = useServices();
  return useMutation({ mutationFn: (downloadId: string) => getDownloadUrl(http, downloadId) });
}
