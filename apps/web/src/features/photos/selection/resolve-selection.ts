import type { SortOptions } from '@shoebox/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { fetchMonthPhotoIds, type MonthData } from '../api/get-timeline-month';
import { cachedIdsIfComplete } from '../api/photo-pages';
import { photoKeys } from '../api/query-keys';
import type { DeletionEntry } from '../api/use-photo-deletion';
import type { SelectionState } from '../stores/selection';
import type { GridSection } from '../grid/grid-layout';

/**
 * The selected photos as ids with their months. Single photos are known; a whole month (or every month, for
 * Select all) is read from the cache when it is fully loaded, and otherwise fetched page by page.
 */
export async function resolveSelection(
  http: HttpClient,
  queryClient: QueryClient,
  sort: SortOptions,
  selection: SelectionState,
  sections: readonly GridSection[],
  signal?: AbortSignal,
): Promise<DeletionEntry[]> {
  const entries: DeletionEntry[] = [...selection.ids];
  const months = selection.all ? sections : sections.filter((section) => selection.months.has(section.key));
  for (const section of months) {
    const cached = cachedIdsIfComplete(queryClient.getQueryData<MonthData>(photoKeys.timelineMonth(sort, section.year, section.month)));
    const ids = cached ?? (await fetchMonthPhotoIds(http, sort, section.year, section.month, signal));
    for (const id of ids) if (!selection.excluded.has(id)) entries.push([id, section.key]);
  }
  return entries;
}
