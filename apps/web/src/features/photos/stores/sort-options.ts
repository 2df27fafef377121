import { DEFAULT_PHOTOS_SORT, sortKeySchema, sortOrderSchema, type SortOptions } from '@shoebox/contracts';
import { useSyncExternalStore } from 'react';
import { writeJson } from '../../../lib/storage';

const STORAGE_KEY = 'shoebox.sort.photos';
const listeners = new Set<() => void>();

function parse(raw: string | null): SortOptions {
  let stored: Partial<SortOptions> | undefined;
  try {
    stored = raw === null ? undefined : (JSON.parse(raw) as Partial<SortOptions>);
  } catch {
    stored = undefined;
  }
  const sortKey = sortKeySchema.safeParse(stored?.sortKey);
  const sortOrder = sortOrderSchema.safeParse(stored?.sortOrder);
  return sortKey.success && sortOrder.success ? { sortKey: sortKey.data, sortOrder: sortOrder.data } : DEFAULT_PHOTOS_SORT;
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored text and what it means: the same object while the text is the same, as useSyncExternalStore needs. */
let cache: { raw: string | null; sort: SortOptions } | undefined;
/** Set when storage cannot be written: the choice still holds for this page. */
let unsaved: SortOptions | undefined;

/** The photos list's sort, remembered in local storage (default: date taken, newest first), shared by every tab. */
export const photosSortStore = {
  get(): SortOptions {
    if (unsaved) return unsaved;
    const raw = readRaw();
    if (!cache || cache.raw !== raw) cache = { raw, sort: parse(raw) };
    return cache.sort;
  },
  set(next: SortOptions): void {
    try {
      writeJson(window.localStorage, STORAGE_KEY, next);
      unsaved = undefined;
    } catch {
      unsaved = next;
    }
    listeners.forEach((notify) => notify());
  },
  subscribe(notify: () => void): () => void {
    listeners.add(notify);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY || event.key === null) notify();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(notify);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function usePhotosSort(): [SortOptions, (next: SortOptions) => void] {
  const sort = useSyncExternalStore(photosSortStore.subscribe, photosSortStore.get);
  return [sort, photosSortStore.set];
}
