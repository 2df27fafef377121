import type { AccountPhotoInfo, Photo, SortKey, SortOptions, TimelineCounts } from '@shoebox/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { monthKey, type SectionKey } from '../lib/section-key';
import type { MonthData } from './get-timeline-month';
import { pagedPhotos, withoutPhotos } from './photo-pages';
import { photoKeys } from './query-keys';

/** What the library's caches held before an optimistic delete, to put back what the server did not delete. */
export interface LibrarySnapshot {
  months: [QueryKey, MonthData][];
  counts: [QueryKey, TimelineCounts][];
  account: AccountPhotoInfo | undefined;
}

export function snapshotLibrary(queryClient: QueryClient): LibrarySnapshot {
  const months = queryClient.getQueriesData<MonthData>({ queryKey: photoKeys.timelineMonths() }).filter((e): e is [QueryKey, MonthData] => !!e[1]);
  const counts = queryClient
    .getQueriesData<TimelineCounts>({ queryKey: photoKeys.timelineCountsAll() })
    .filter((e): e is [QueryKey, TimelineCounts] => !!e[1]);
  return { months, counts, account: queryClient.getQueryData<AccountPhotoInfo>(photoKeys.accountInfo()) };
}

function decremented(counts: TimelineCounts, byMonth: ReadonlyMap<SectionKey, number>): TimelineCounts {
  const next: TimelineCounts = {};
  for (const [year, months] of Object.entries(counts)) {
    for (const [month, count] of Object.entries(months)) {
      const left = count - (byMonth.get(monthKey(Number(year), Number(month))) ?? 0);
      if (left > 0) (next[year] ??= {})[month] = left;
    }
  }
  return next;
}

/**
 * Writes the snapshot minus `ids` back into the caches: the photos leave their month pages, their months'
 * counts (for the sort key they were counted under) and the account's photo count go down. Pages loaded
 * after the snapshot are kept as they are.
 */
export function writeLibraryWithout(
  queryClient: QueryClient,
  snapshot: LibrarySnapshot,
  ids: ReadonlySet<string>,
  removedPerMonth: ReadonlyMap<SectionKey, number>,
  sortKey: SortKey,
): void {
  for (const [key, before] of snapshot.months) {
    const now = queryClient.getQueryData<MonthData>(key);
    if (!now) continue;
    const restored = withoutPhotos(before, ids);
    queryClient.setQueryData<MonthData>(key, {
      pages: [...restored.pages, ...now.pages.slice(before.pages.length)],
      pageParams: [...restored.pageParams, ...now.pageParams.slice(before.pageParams.length)],
    });
  }
  for (const [key, before] of snapshot.counts) {
    if (key[2] !== sortKey) continue;
    queryClient.setQueryData<TimelineCounts>(key, decremented(before, removedPerMonth));
  }
  if (snapshot.account) {
    queryClient.setQueryData<AccountPhotoInfo>(photoKeys.accountInfo(), { ...snapshot.account, photosCount: Math.max(0, snapshot.account.photosCount - ids.size) });
  }
}

/** Puts the counts and the account's photo count back as they were (after a failed delete-all). */
export function restoreLibrary(queryClient: QueryClient, snapshot: LibrarySnapshot): void {
  for (const [key, data] of snapshot.counts) queryClient.setQueryData(key, data);
  if (snapshot.account) queryClient.setQueryData(photoKeys.accountInfo(), snapshot.account);
}

/** An emptied library: no months, no photos. */
export function writeEmptyLibrary(queryClient: QueryClient, snapshot: LibrarySnapshot): void {
  for (const [key] of snapshot.counts) queryClient.setQueryData<TimelineCounts>(key, {});
  if (snapshot.account) queryClient.setQueryData<AccountPhotoInfo>(photoKeys.accountInfo(), { ...snapshot.account, photosCount: 0 });
}

export interface LocatedPhoto {
  photo: Photo;
  year: number;
  month: number;
  key: SectionKey;
  index: number;
}

/** Finds a photo among the loaded months of a sort. */
export function findCachedPhoto(queryClient: QueryClient, sort: SortOptions, id: string): LocatedPhoto | undefined {
  const entries = queryClient.getQueriesData<MonthData>({ queryKey: photoKeys.timelineMonthsOf(sort) });
  for (const [key, data] of entries) {
    const photos = pagedPhotos(data);
    const index = photos.findIndex((photo) => photo.imageId === id);
    if (index >= 0) {
      const year = Number(key[4]);
      const month = Number(key[5]);
      return { photo: photos[index] as Photo, year, month, key: monthKey(year, month), index };
    }
  }
  return undefined;
}
