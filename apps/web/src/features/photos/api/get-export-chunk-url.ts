import { signedUrlSchema } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** GET /backups/{id}/chunks/{chunk}/url: a signed link to one chunk's zip, asked for at the moment of download. */
export const getExportChunkUrl = (http: HttpClient, backupId: string, chunkId: string) =>
  http('photoManagement', `/backups/${encodeURIComponent(backupId)}/chunks/${encodeURIComponent(chunkId)}/url`, { schema: signedUrlSchema });

export function useExportChunkUrl(backupId: string) {
  const { http } = useServices();
  return useMutation({ mutationFn: (chunkId: string) => getExportChunkUrl(http, backupId, chunkId) });
}
