import type { SortOptions } from '@shoebox/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../../lib/http/http-client';
import { fetchAlbumPhotoIds, type AlbumPhotosData } from '../../api/get-album-photos';
import { cachedIdsIfComplete } from '../../api/photo-pages';
import { albumKeys, type AlbumKind } from '../../api/query-keys';
import type { SelectionState } from '../../stores/selection';
import { ALBUM_SECTION_KEY } from './album-layout';

/** The selected photos of an album as ids: single photos are known; Select all reads the album (from the cache when it is fully loaded). */
export async function resolveAlbumSelection(
  http: HttpClient,
  queryClient: QueryClient,
  album: { kind: AlbumKind; albumId: string; sort: SortOptions },
  selection: SelectionState,
  signal?: AbortSignal,
): Promise<string[]> {
  if (!selection.all && !selection.months.has(ALBUM_SECTION_KEY)) return [...selection.ids.keys()];
  const cached = cachedIdsIfComplete(queryClient.getQueryData<AlbumPhotosData>(albumKeys.photos(album.kind, album.albumId, album.sort)));
  const ids = cached ?? (await fetchAlbumPhotoIds(http, album.kind, album.albumId, album.sort, signal));
  return ids.filter((id) => !selection.excluded.has(id));
}
