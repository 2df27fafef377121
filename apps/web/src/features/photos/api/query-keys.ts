import type { SortKey, SortOptions } from '@shoebox/contracts';

/** Every cached photo-library query; invalidating `all` refreshes the library after uploads and deletes. */
export const photoKeys = {
  all: ['photos'] as const,
  accountInfo: () => [...photoKeys.all, 'account-info'] as const,
  timelineCounts: (sortKey: SortKey) => [...photoKeys.all, 'timeline-counts', sortKey] as const,
  timelineMonths: () => [...photoKeys.all, 'timeline-month'] as const,
  timelineMonth: (sort: SortOptions, year: number, month: number) =>
    [...photoKeys.timelineMonths(), sort.sortKey, sort.sortOrder, year, month] as const,
  deletionInfo: () => [...photoKeys.all, 'deletion-info'] as const,
};
