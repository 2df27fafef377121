import { backupCreatedSchema } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** POST /backups: starts an export of the whole library, or answers the one already running (one at a time). */
export const createExport = (http: HttpClient) => http('photoManagement', '/backups', { method: 'POST', schema: backupCreatedSchema });

export function useCreateExport() {
  const { http } = useServices();
  return useMutation({ mutationFn: () => createExport(http) });
}
