import { DEFAULT_ALBUM_SORT } from '@shoebox/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { useAlbumSort } from './sort-options';

afterEach(() => window.localStorage.clear());

describe('album sorts', () => {
  test("an own album's sort and a shared album's are remembered apart, each starting at date added, newest first", () => {
    const own = renderHook(() => useAlbumSort('albums'));
    const shared = renderHook(() => useAlbumSort('shared-albums'));
    expect(own.result.current[0]).toEqual(DEFAULT_ALBUM_SORT);
    expect(shared.result.current[0]).toEqual(DEFAULT_ALBUM_SORT);

    act(() => shared.result.current[1]({ sortKey: 'dateTaken', sortOrder: 'asc' }));
    expect(shared.result.current[0]).toEqual({ sortKey: 'dateTaken', sortOrder: 'asc' });
    expect(own.result.current[0]).toEqual(DEFAULT_ALBUM_SORT);

    act(() => own.result.current[1]({ sortKey: 'created', sortOrder: 'asc' }));
    expect(own.result.current[0]).toEqual({ sortKey: 'created', sortOrder: 'asc' });
    expect(shared.result.current[0]).toEqual({ sortKey: 'dateTaken', sortOrder: 'asc' });
    // Another tab, or the next visit, reads each from its own entry.
    expect(Object.keys(window.localStorage).sort()).toEqual(['shoebox.sort.albums', 'shoebox.sort.shared-albums']);
  });
});
