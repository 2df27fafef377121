import { projectSchema, type CreateProject, type UpdateProject } from '@shoebox/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { printsEditorKeys } from './query-keys';

const projectPath = (projectId: string) => `/api/v2/project/${encodeURIComponent(projectId)}`;

/** GET {projects}/api/v2/project/{id}: a saved project with the editor's state, to continue it. */
export const getProject = (http: HttpClient, projectId: string, signal?: AbortSignal) => http('projects', projectPath(projectId), { schema: projectSchema, signal });

export const projectQueryOptions = (http: HttpClient, projectId: string) =>
  queryOptions({ queryKey: printsEditorKeys.project(projectId), queryFn: ({ signal }) => getProject(http, projectId, signal), retry: false, staleTime: Infinity });

export function useProject(projectId: string | null) {
  const { http } = useServices();
  return useQuery({ ...projectQueryOptions(http, projectId ?? ''), enabled: projectId !== null });
}

/** POST {projects}/api/v2/projects the first time (the id is the editor's, so a repeat is one project), PUT with the last version after. */
export type SaveProject = { kind: 'create'; project: CreateProject } | { kind: 'update'; id: string; project: UpdateProject };

export const saveProject = (http: HttpClient, save: SaveProject) =>
  save.kind === 'create'
    ? http('projects', '/api/v2/projects', { method: 'POST', body: save.project, schema: projectSchema })
    : http('projects', projectPath(save.id), { method: 'PUT', body: save.project, schema: projectSchema });

export function useSaveProject() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveProject) => saveProject(http, save),
    onSuccess: (project) => queryClient.setQueryData(printsEditorKeys.project(project.id), project),
  });
}
