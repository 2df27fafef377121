import type { SortKey, SortOptions } from '@shoebox/contracts';

/** Every cached photo-library query; invalidating `all` refreshes the library after uploads and deletes. */
export const photoKeys = {
  all: ['photos'] as const,
  accountInfo: () => [...photoKeys.all, 'account-info'] as const,
  timelineCountsAll: () => [...photoKeys.all, 'timeline-counts'] as const,
  timelineCounts: (sortKey: SortKey) => [...photoKeys.timelineCountsAll(), sortKey] as const,
  timelineMonths: () => [...photoKeys.all, 'timeline-month'] as const,
  /** Every month of one sort: the preview looks for its photo among them. */
  timelineMonthsOf: (sort: SortOptions) => [...photoKeys.timelineMonths(), sort.sortKey, sort.sortOrder] as const,
  timelineMonth: (sort: SortOptions, year: number, month: number) => [...photoKeys.timelineMonthsOf(sort), year, month] as const,
  deletionInfo: () => [...photoKeys.all, 'deletion-info'] as const,
  /** The newest uploads the Overview shows. */
  recent: (limit: number) => [...photoKeys.all, 'recent', limit] as const,
  /** One photo and its neighbours in the timeline of a sort: a preview opened by its address. */
  photoInTimeline: (sort: SortOptions, photoId: string) => [...photoKeys.all, 'in-timeline', sort.sortKey, sort.sortOrder, photoId] as const,
};

/** Own albums live under /albums, the ones shared with the customer (or by them) under /shared-albums. */
export type AlbumKind = 'albums' | 'shared-albums';

/** Every cached album query; invalidating `all` refreshes album lists, albums and their photos. */
export const albumKeys = {
  all: ['albums'] as const,
  lists: () => [...albumKeys.all, 'list'] as const,
  list: (kind: AlbumKind) => [...albumKeys.lists(), kind] as const,
  detail: (kind: AlbumKind, albumId: string) => [...albumKeys.all, 'detail', kind, albumId] as const,
  photosOf: (kind: AlbumKind, albumId: string) => [...albumKeys.all, 'photos', kind, albumId] as const,
  photos: (kind: AlbumKind, albumId: string, sort: SortOptions) => [...albumKeys.photosOf(kind, albumId), sort.sortKey, sort.sortOrder] as const,
};

/** A full-library export and the links of its chunks (spec §2 "Export page"). */
export const exportKeys = {
  all: ['exports'] as const,
  detail: (backupId: string) => [...exportKeys.all, backupId] as const,
};

/** Whether the library is active, being imported, or still outside it (spec §3 "Activation"). */
export const activationKeys = {
  all: ['library-activation'] as const,
  status: () => [...activationKeys.all, 'status'] as const,
};
