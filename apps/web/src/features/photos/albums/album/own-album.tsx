import type { OwnAlbum as Album, Photo } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatch, useNavigate } from 'react-router';
import { toast, Toaster } from 'sonner';
import { buttonClass } from '../../../../components/ui/button';
import { useServices } from '../../../../lib/services';
import { useDeleteAlbum } from '../../api/delete-album';
import { albumKeys } from '../../api/query-keys';
import { useRemovePhotosFromAlbum } from '../../api/remove-album-photos';
import { usePhotoDeletion } from '../../api/use-photo-deletion';
import { DeleteSelectedDialog } from '../../delete/delete-dialogs';
import { photoPaths } from '../../paths';
import { SelectionToolbar } from '../../selection/selection-toolbar';
import { selectedAmount } from '../../stores/selection';
import { useSelection } from '../../stores/selection-context';
import { useAlbumSort } from '../../stores/sort-options';
import { ALBUM_SECTION_KEY, type TimelineLayout } from '../../timeline/layout';
import type { TimelineGridHandle } from '../../timeline/timeline-grid';
import { CopyToAlbumDialog } from '../copy/copy-to-album-dialog';
import { AlbumNameDialog } from '../name-dialog/album-name-dialog';
import { AddPhotosMenu } from './add-photos-menu';
import { AlbumDeleteDialog } from './album-delete-dialog';
import { AlbumGrid } from './album-grid';
import type { AlbumOutletContext, PreviewState } from './album-outlet-context';
import styles from './album-page.module.css';
import { createdText } from './created-text';
import { RemoveOrDeleteDialog } from './remove-or-delete-dialog';
import { resolveAlbumSelection } from './resolve-album-selection';

type DialogName = 'rename' | 'deleteAlbum' | 'remove' | 'delete' | 'copy';

/**
 * An own album: its editable name, count, created text, Add photos, Select, the sort and Delete album above
 * the grid; selection mode with its toolbar (copy, delete from the library, delete from the album); the
 * preview over the grid. An empty album shows its name, Add photos and Delete album.
 */
export function OwnAlbum({ album }: { album: Album }) {
  const { t } = useTranslation('albums');
  const { http } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { albumId, albumName } = album;
  const previewOpen = useMatch('/my-photos/albums/:id/preview/:photoId') !== null;
  const [sort, setSort] = useAlbumSort();
  const { selection, dispatch } = useSelection();
  const grid = useRef<TimelineGridHandle>(null);
  const [layout, setLayout] = useState<TimelineLayout>();
  const [dialog, setDialog] = useState<DialogName>();
  const remove = useRemovePhotosFromAlbum(albumId);
  const deletion = usePhotoDeletion();
  const deleteAlbum = useDeleteAlbum('albums', albumId);

  const total = album.photosCount;
  const amount = layout ? selectedAmount(selection, layout.countByMonth, total) : 0;
  const everythingSelected = total > 0 && amount === total;
  const albumRef = useMemo(() => ({ kind: 'albums' as const, albumId, sort }), [albumId, sort]);
  const selectedIds = (signal?: AbortSignal) => resolveAlbumSelection(http, queryClient, albumRef, selection, signal);

  const previewPath = useCallback((photo: Photo) => photoPaths.albumPreview(albumId, photo.imageId), [albumId]);
  const onOpen = useCallback(
    (photo: Photo) => void navigate(previewPath(photo), { state: { fromGrid: true } satisfies PreviewState, preventScrollReset: true }),
    [navigate, previewPath],
  );

  const removeIds = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids);
      toast.success(ids.length === 1 ? t('remove.removedOne', { albumName }) : t('remove.removedMany', { count: ids.length, albumName }));
      return true;
    } catch {
      toast.error(ids.length === 1 ? t('remove.failedOne') : t('remove.failedMany'));
      return false;
    }
  };
  const deleteIds = async (ids: string[]) => {
    const failed = await deletion.deleteMany(ids.map((id) => [id, ALBUM_SECTION_KEY] as const));
    await queryClient.invalidateQueries({ queryKey: albumKeys.all });
    return failed.size === 0;
  };
  const onSelection = async (action: (ids: string[]) => Promise<boolean>) => {
    let ids: string[];
    try {
      ids = await selectedIds();
    } catch {
      toast.error(t('remove.failedMany'));
      return;
    }
    if (await action(ids)) dispatch({ type: 'stop' });
  };

  const outletContext = useMemo<AlbumOutletContext>(
    () => ({
      kind: 'albums',
      albumId,
      sort,
      previewPath,
      readOnly: false,
      closePreview: () => {
        if ((location.state as PreviewState | null)?.fromGrid) void navigate(-1);
        else void navigate(photoPaths.album(albumId), { replace: true, preventScrollReset: true });
      },
      onPreviewClosed: (lastPhotoId) => {
        if (lastPhotoId) requestAnimationFrame(() => grid.current?.focusPhoto(lastPhotoId));
      },
      removePhoto: (photo) => void removeIds([photo.imageId]),
      deletePhoto: (photo) => void deleteIds([photo.imageId]),
    }),
    // removeIds and deleteIds only close over stable hooks and the album's name.
    [albumId, albumName, sort, previewPath, location.state, navigate],
  );

  const empty = total === 0;
  return (
    <div className={styles.page}>
      <Link to={photoPaths.albums} className={styles.back}>
        <span aria-hidden="true">‹</span> {t('album.backToAlbums')}
      </Link>
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <h2 className={styles.title}>
            <button type="button" className={styles.nameButton} onClick={() => setDialog('rename')} aria-label={t('album.editName', { name: albumName })}>
              {albumName}
              <span className={styles.pencil} aria-hidden="true" />
            </button>
          </h2>
          <p className={styles.meta}>
            {!empty && <span>{t('list.photoCount', { count: total })}</span>}
            <span>{createdText(t, album.created)}</span>
          </p>
        </div>
        <div className={styles.actions}>
          <AddPhotosMenu albumId={albumId} />
          <button type="button" className={buttonClass.secondary} onClick={() => setDialog('deleteAlbum')}>
            {t('album.deleteAlbum')}
          </button>
        </div>
      </div>
      {empty ? (
        <div className={styles.empty}>
          <p>{t('album.emptyHint')}</p>
        </div>
      ) : (
        <AlbumGrid
          kind="albums"
          albumId={albumId}
          albumName={albumName}
          photosCount={total}
          sort={sort}
          onSortChange={setSort}
          paused={previewOpen}
          previewHref={previewPath}
          onOpen={onOpen}
          onLayout={setLayout}
          gridRef={grid}
        />
      )}
      {selection.active && !previewOpen && (
        <SelectionToolbar
          amount={amount}
          everythingSelected={everythingSelected}
          onCancel={() => dispatch({ type: 'stop' })}
          onSelectAll={() => dispatch({ type: 'selectAll' })}
          onDeselectAll={() => dispatch({ type: 'deselectAll' })}
          onCopyToAlbum={() => setDialog('copy')}
          onDelete={() => setDialog('delete')}
          onDeleteFromAlbum={() => setDialog('remove')}
        />
      )}
      {dialog === 'rename' && <AlbumNameDialog mode="rename" album={album} onClose={() => setDialog(undefined)} />}
      {dialog === 'deleteAlbum' && (
        <AlbumDeleteDialog
          title={t('deleteAlbum.title')}
          body={t('deleteAlbum.body', { name: albumName })}
          confirmLabel={t('deleteAlbum.confirm')}
          onClose={() => setDialog(undefined)}
          onConfirm={async () => {
            await deleteAlbum.mutateAsync();
            toast.success(t('deleteAlbum.deleted', { albumName }));
            await navigate(photoPaths.albums, { replace: true });
          }}
        />
      )}
      {dialog === 'remove' && (
        <RemoveOrDeleteDialog amount={amount} onClose={() => setDialog(undefined)} onRemove={() => onSelection(removeIds)} onDelete={() => onSelection(deleteIds)} />
      )}
      {dialog === 'delete' && <DeleteSelectedDialog amount={amount} onClose={() => setDialog(undefined)} onConfirm={() => onSelection(deleteIds)} />}
      {dialog === 'copy' && (
        <CopyToAlbumDialog amount={amount} excludeAlbumId={albumId} resolvePhotoIds={selectedIds} onClose={() => setDialog(undefined)} onCopied={() => dispatch({ type: 'stop' })} />
      )}
      <Outlet context={outletContext} />
      <Toaster position="top-center" theme="dark" duration={5000} />
    </div>
  );
}
