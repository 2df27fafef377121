import type { Photo } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { forgetAlbum } from '../../api/delete-album';
import type { AlbumKind } from '../../api/query-keys';
import { photoPaths } from '../../paths';
import { selectedAmount } from '../../stores/selection';
import { useSelection } from '../../stores/selection-context';
import { useAlbumSort } from '../../stores/sort-options';
import type { GridLayout } from '../../grid/grid-layout';
import type { PhotoGridHandle } from '../../grid/photo-grid';
import type { AlbumOutletContext, PreviewState } from './album-outlet-context';

const paths = {
  albums: { album: photoPaths.album, preview: photoPaths.albumPreview },
  'shared-albums': { album: photoPaths.sharedAlbum, preview: photoPaths.sharedAlbumPreview },
} as const;

/**
 * What an own and a shared album screen have in common: the remembered sort, the grid and how many of its
 * photos are selected, the preview over the grid (opened from a tile, closed back to where it was), the
 * heading that takes focus on arrival, and leaving the album once it is deleted.
 */
export function useAlbumScreen(kind: AlbumKind, album: { albumId: string; albumName: string; photosCount: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { albumId, photosCount } = album;
  const previewOpen = useMatch(`/my-photos/${kind}/:id/preview/:photoId`) !== null;
  const [sort, setSort] = useAlbumSort(kind);
  const { selection } = useSelection();
  const grid = useRef<PhotoGridHandle>(null);
  const [layout, setLayout] = useState<GridLayout>();

  // Arriving from another screen, focus goes to the album's name, as the shell gives it to every page's title.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(location.key !== 'default' && !previewOpen);
  useEffect(() => {
    if (focusHeading.current) heading.current?.focus({ preventScroll: true });
  }, []);
  const amount = layout ? selectedAmount(selection, layout.countBySection, photosCount) : 0;

  // A deleted album's queries go as its screen goes, so nothing still showing it asks for it again.
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) forgetAlbum(queryClient, albumId);
    },
    [queryClient, albumId],
  );
  const leaveDeleted = useCallback(async () => {
    deleted.current = true;
    await navigate(photoPaths.albums, { replace: true });
  }, [navigate]);

  const previewPath = useCallback((photo: Photo) => paths[kind].preview(albumId, photo.imageId), [kind, albumId]);
  const onOpen = useCallback(
    (photo: Photo) => void navigate(previewPath(photo), { state: { fromGrid: true } satisfies PreviewState, preventScrollReset: true }),
    [navigate, previewPath],
  );

  const previewContext = useMemo<Omit<AlbumOutletContext, 'readOnly'>>(
    () => ({
      kind,
      albumId,
      sort,
      previewPath,
      closePreview: () => {
        if ((location.state as PreviewState | null)?.fromGrid) void navigate(-1);
        else void navigate(paths[kind].album(albumId), { replace: true, preventScrollReset: true });
      },
      onPreviewClosed: (lastPhotoId) => {
        if (lastPhotoId) requestAnimationFrame(() => grid.current?.focusPhoto(lastPhotoId));
      },
    }),
    [kind, albumId, sort, previewPath, location.state, navigate],
  );

  return {
    sort,
    amount,
    everythingSelected: photosCount > 0 && amount === photosCount,
    previewOpen,
    previewContext,
    /** The album's name, the page's heading. */
    heading,
    /** After the album was deleted: back to the albums list. */
    leaveDeleted,
    /** Everything AlbumGrid needs. */
    gridProps: { kind, albumId, albumName: album.albumName, photosCount, sort, onSortChange: setSort, paused: previewOpen, previewHref: previewPath, onOpen, onLayout: setLayout, gridRef: grid },
  };
}
