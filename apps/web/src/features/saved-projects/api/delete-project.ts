import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { projectKeys } from './query-keys';

/** DELETE {projects}/api/v2/project/{id} (spec §7.5). */
export const deleteProject = (http: HttpClient, id: string) => http('projects', `/api/v2/project/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * Spec §4 "Project delete": the item is in progress while its call runs; on success every cached page is
 * cleared (the one in view is read again, the others when next opened); on failure the item is failed.
 * One mutation per item, so each item has its own state.
 */
export function useDeleteProject() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProject(http, id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: projectKeys.lists(), type: 'inactive' });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
