import { DEFAULT_ALBUM_SORT, DEFAULT_PHOTOS_SORT, sortKeySchema, sortOrderSchema, type SortOptions } from '@shoebox/contracts';
import { useSyncExternalStore } from 'react';
import { writeJson } from '../../../lib/storage';
import type { AlbumKind } from '../api/query-keys';

export interface SortStore {
  get(): SortOptions;
  set(next: SortOptions): void;
  subscribe(notify: () => void): () => void;
}

function parse(raw: string | null, fallback: SortOptions): SortOptions {
  let stored: Partial<SortOptions> | undefined;
  try {
    stored = raw === null ? undefined : (JSON.parse(raw) as Partial<SortOptions>);
  } catch {
    stored = undefined;
  }
  const sortKey = sortKeySchema.safeParse(stored?.sortKey);
  const sortOrder = sortOrderSchema.safeParse(stored?.sortOrder);
  return sortKey.success && sortOrder.success ? { sortKey: sortKey.data, sortOrder: sortOrder.data } : fallback;
}

/** A sort remembered in local storage under `storageKey`, shared by every tab, `fallback` until one is chosen. */
function createSortStore(storageKey: string, fallback: SortOptions): SortStore {
  const listeners = new Set<() => void>();
  const readRaw = (): string | null => {
    try {
      return window.localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  };
  /** The stored text and what it means: the same object while the text is the same, as useSyncExternalStore needs. */
  let cache: { raw: string | null; sort: SortOptions } | undefined;
  /** Set when storage cannot be written: the choice still holds for this page. */
  let unsaved: SortOptions | undefined;

  return {
    get(): SortOptions {
      if (unsaved) return unsaved;
      const raw = readRaw();
      if (!cache || cache.raw !== raw) cache = { raw, sort: parse(raw, fallback) };
      return cache.sort;
    },
    set(next: SortOptions): void {
      try {
        writeJson(window.localStorage, storageKey, next);
        unsaved = undefined;
      } catch {
        unsaved = next;
      }
      listeners.forEach((notify) => notify());
    },
    subscribe(notify: () => void): () => void {
      listeners.add(notify);
      const onStorage = (event: StorageEvent) => {
        if (event.key === storageKey || event.key === null) notify();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(notify);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** The photos list's sort (default: date taken, newest first). */
export const photosSortStore = createSortStore('shoebox.sort.photos', DEFAULT_PHOTOS_SORT);
/** The customer's own albums' sort, one for every album (default: date added, newest first). */
export const albumSortStore = createSortStore('shoebox.sort.albums', DEFAULT_ALBUM_SORT);
/** Shared albums' sort, kept apart from the own albums' (spec: album photos and shared-album photos each have theirs). */
export const sharedAlbumSortStore = createSortStore('shoebox.sort.shared-albums', DEFAULT_ALBUM_SORT);

function useSort(store: SortStore): [SortOptions, (next: SortOptions) => void] {
  return [useSyncExternalStore(store.subscribe, store.get), store.set];
}

export const usePhotosSort = () => useSort(photosSortStore);
export const useAlbumSort = (kind: AlbumKind) => useSort(kind === 'shared-albums' ? sharedAlbumSortStore : albumSortStore);
