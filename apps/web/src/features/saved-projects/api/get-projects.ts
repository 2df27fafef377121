import { projectListSchema, projectsPageQuery } from '@shoebox/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { projectKeys } from './query-keys';

/** GET {projects}/api/v2/projects/{accountId}?skip&limit: one page of the customer's projects, last saved first (spec §7.5). */
export const getProjects = (http: HttpClient, accountId: string, page: number, signal?: AbortSignal) =>
  http('projects', `/api/v2/projects/${encodeURIComponent(accountId)}`, { query: projectsPageQuery(page), schema: projectListSchema, signal });

export const projectsQueryOptions = (http: HttpClient, accountId: string, page: number) =>
  queryOptions({
    queryKey: projectKeys.page(accountId, page),
    queryFn: ({ signal }) => getProjects(http, accountId, page, signal),
    // The page before stays in view while the next one loads.
    placeholderData: keepPreviousData,
    retry: 1,
  });

export function useProjects(accountId: string, page: number) {
  const { http } = useServices();
  return useQuery(projectsQueryOptions(http, accountId, page));
}
