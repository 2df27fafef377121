import type { OwnAlbum as Album } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../../../components/ui/button';
import { useServices } from '../../../../lib/services';
import { useArchiveDownload } from '../../../downloads';
import { useRemovePhotosFromAlbum } from '../../api/remove-album-photos';
import { usePhotoDeletion } from '../../api/use-photo-deletion';
import { CopyToAlbumDialog } from '../../copy-to-album/copy-to-album-dialog';
import { DeleteSelectedDialog } from '../../delete/delete-dialogs';
import { OrderPrintsBar } from '../../order-prints/order-prints-bar';
import { useOrderPrintsMode } from '../../order-prints/use-order-prints-mode';
import { SelectionToolbar } from '../../selection/selection-toolbar';
import { useSelection } from '../../stores/selection-context';
import { AlbumNameDialog } from '../name-dialog/album-name-dialog';
import { AddPhotosMenu } from './add-photos-menu';
import { AlbumDeleteDialog } from './album-delete-dialog';
import { AlbumGrid } from './album-grid';
import { ALBUM_SECTION_KEY } from './album-layout';
import { BackToAlbumsLink } from './back-to-albums-link';
import type { AlbumOutletContext } from './album-outlet-context';
import styles from './album-page.module.css';
import { createdText } from './created-text';
import { RemoveOrDeleteDialog } from './remove-or-delete-dialog';
import { resolveAlbumSelection } from './resolve-album-selection';
import { useAlbumScreen } from './use-album-screen';

type DialogName = 'rename' | 'deleteAlbum' | 'remove' | 'delete' | 'copy';

/**
 * An own album: its editable name, count, created text, Add photos, Select, the sort and Delete album above
 * the grid; selection mode with its toolbar (copy, delete from the library, delete from the album, order prints); the
 * preview over the grid. An empty album shows its name, Add photos and Delete album.
 */
export function OwnAlbum({ album }: { album: Album }) {
  const { t } = useTranslation('albums');
  const { http } = useServices();
  const queryClient = useQueryClient();
  const { albumId, albumName } = album;
  const { selection, dispatch } = useSelection();
  const [dialog, setDialog] = useState<DialogName>();
  const screen = useAlbumScreen('albums', album);
  const { sort, amount } = screen;
  const remove = useRemovePhotosFromAlbum(albumId);
  const deletion = usePhotoDeletion();
  const archive = useArchiveDownload();
  const orderPrints = useOrderPrintsMode();

  const total = album.photosCount;
  const albumRef = useMemo(() => ({ kind: 'albums' as const, albumId, sort }), [albumId, sort]);
  const selectedIds = (signal?: AbortSignal) => resolveAlbumSelection(http, queryClient, albumRef, selection, signal);

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

  const downloadSelected = () => {
    void archive.request({ photos: async (signal) => ({ photoIds: await selectedIds(signal) }), name: albumName }).then((requested) => {
      if (requested) dispatch({ type: 'stop' });
    });
  };

  const outletContext = useMemo<AlbumOutletContext>(
    () => ({
      ...screen.previewContext,
      readOnly: false,
      removePhoto: (photo) => void removeIds([photo.imageId]),
      deletePhoto: (photo) => void deleteIds([photo.imageId]),
    }),
    // removeIds and deleteIds only close over stable hooks and the album's name.
    [screen.previewContext, albumName],
  );

  const empty = total === 0;
  return (
    <div className={styles.page}>
      <BackToAlbumsLink />
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <h1 ref={screen.heading} tabIndex={-1} className={styles.title}>
            <button type="button" className={styles.nameButton} onClick={() => setDialog('rename')} aria-label={t('album.editName', { name: albumName })}>
              {albumName}
              <span className={styles.pencil} aria-hidden="true" />
            </button>
          </h1>
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
        <AlbumGrid {...screen.gridProps} />
      )}
      {orderPrints.on && !screen.previewOpen && (
        <OrderPrintsBar amount={amount} everythingSelected={screen.everythingSelected} resolvePhotoIds={selectedIds} onCancel={orderPrints.leave} />
      )}
      {selection.active && !screen.previewOpen && !orderPrints.on && (
        <SelectionToolbar
          amount={amount}
          everythingSelected={screen.everythingSelected}
          onDownload={downloadSelected}
          onCopyToAlbum={() => setDialog('copy')}
          onDelete={() => setDialog('delete')}
          onDeleteFromAlbum={() => setDialog('remove')}
          onOrderPrints={orderPrints.enter}
        />
      )}
      {dialog === 'rename' && <AlbumNameDialog mode="rename" album={album} onClose={() => setDialog(undefined)} />}
      {dialog === 'deleteAlbum' && (
        <AlbumDeleteDialog
          kind="albums"
          album={album}
          title={t('deleteAlbum.title')}
          body={t('deleteAlbum.body', { name: albumName })}
          confirmLabel={t('deleteAlbum.confirm')}
          onClose={() => setDialog(undefined)}
          onDeleted={screen.leaveDeleted}
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
    </div>
  );
}
