import type { OwnAlbum } from '@shoebox/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isHttpStatus } from '../../../../lib/http/errors';
import { useServices } from '../../../../lib/services';
import { albumQueryOptions } from '../../api/get-album';

/** The query parameter the album screen's 'From my photos' puts on the timeline: /my-photos/photos?addTo={albumId}. */
export const ADD_TO_PARAM = 'addTo';

export type AddFromLibraryMode =
  /** No ?addTo: the normal timeline. */
  | { state: 'off' }
  /** The album is loading: selection mode is on already, the bar comes with the album's name. */
  | { state: 'loading'; albumId: string }
  | { state: 'on'; albumId: string; album: OwnAlbum };

/**
 * The timeline picking photos for an album (?addTo={albumId}). An album that cannot be added to (not
 * found, not the customer's, or shared, which is read-only) leaves the mode: the parameter is dropped and
 * `onUnavailable` runs (to end selection mode). A failure other than 404 says so in a toast.
 */
export function useAddFromLibrary(onUnavailable: () => void): AddFromLibraryMode {
  const { t } = useTranslation('albums');
  const { http } = useServices();
  const [searchParams, setSearchParams] = useSearchParams();
  const albumId = searchParams.get(ADD_TO_PARAM) || undefined;
  const query = useQuery({ ...albumQueryOptions(http, albumId ?? ''), enabled: albumId !== undefined });
  const unavailable = albumId !== undefined && (query.isError || query.data?.isShared === true);

  // Once per album that turned out unavailable (the effect may run again before the parameter is gone).
  const left = useRef<string>(undefined);
  const leave = useEffectEvent((error: unknown) => {
    if (error && !isHttpStatus(error, 404)) toast.error(t('addFromLibrary.loadError'), { id: 'add-from-library-load-error' });
    setSearchParams(
      (params) => {
        params.delete(ADD_TO_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    onUnavailable();
  });
  useEffect(() => {
    if (!unavailable || left.current === albumId) return;
    left.current = albumId;
    leave(query.error);
  }, [unavailable, albumId, query.error]);

  if (albumId === undefined || unavailable) return { state: 'off' };
  if (!query.data) return { state: 'loading', albumId };
  return { state: 'on', albumId, album: query.data };
}
