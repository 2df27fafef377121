import { exportStatusSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { exportKeys } from './query-keys';

/** GET /backups/{id}: a finished export with its chunks, or one still pending. */
export const getExport = (http: HttpClient, backupId: string, signal?: AbortSignal) =>
  http('photoManagement', `/backups/${encodeURIComponent(backupId)}`, { schema: exportStatusSchema, signal });

export const exportQueryOptions = (http: HttpClient, backupId: string) =>
  queryOptions({ queryKey: exportKeys.detail(backupId), queryFn: ({ signal }) => getExport(http, backupId, signal) });

export function useExport(backupId: string) {
  const { http } = useServices();
  return useQuery(exportQueryOptions(http, backupId));
}
