import type { Photo, SharedAlbum } from '@shoebox/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatch, useNavigate, useParams, useRouteLoaderData } from 'react-router';
import { toast, Toaster } from 'sonner';
import { buttonClass } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../../lib/auth/auth-session';
import { useDeleteAlbum } from '../../api/delete-album';
import { useSharedAlbum } from '../../api/get-album';
import { photoPaths } from '../../paths';
import { SelectionToolbar } from '../../selection/selection-toolbar';
import { selectedAmount } from '../../stores/selection';
import { SelectionProvider, useSelection } from '../../stores/selection-context';
import { useAlbumSort } from '../../stores/sort-options';
import type { TimelineLayout } from '../../timeline/layout';
import type { TimelineGridHandle } from '../../timeline/timeline-grid';
import { AlbumDeleteDialog } from '../album/album-delete-dialog';
import { AlbumGrid } from '../album/album-grid';
import { AlbumLoadError } from '../album/album-load-error';
import type { AlbumOutletContext, PreviewState } from '../album/album-outlet-context';
import styles from '../album/album-page.module.css';
import { createdText } from '../album/created-text';
import { ParticipantsDialog } from './participants-dialog';

/** /my-photos/shared-albums/{id}: a spinner, then the shared album, or the load error with the link back to My albums. */
export function SharedAlbumPage() {
  const { t } = useTranslation('albums');
  const { id = '' } = useParams();
  const album = useSharedAlbum(id);
  if (album.isPending) return <Spinner label={t('album.loading')} />;
  if (album.isError) return <AlbumLoadError />;
  return (
    <SelectionProvider key={id}>
      <SharedAlbumView album={album.data} />
    </SelectionProvider>
  );
}

/**
 * A shared album, read-only for everyone: the banner 'Shared albums are no longer supported'; the owner sees
 * how many people it is shared with (and who), a participant sees the owner; the grid, where only Download
 * works; and 'Delete shared album', which deletes it for everyone (owner) or leaves it (participant).
 */
function SharedAlbumView({ album }: { album: SharedAlbum }) {
  const { t } = useTranslation('albums');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const navigate = useNavigate();
  const location = useLocation();
  const { albumId, albumName } = album;
  const isOwner = identity.customerId === album.ownerId;
  const previewOpen = useMatch('/my-photos/shared-albums/:id/preview/:photoId') !== null;
  const [sort, setSort] = useAlbumSort();
  const { selection, dispatch } = useSelection();
  const grid = useRef<TimelineGridHandle>(null);
  const [layout, setLayout] = useState<TimelineLayout>();
  const [dialog, setDialog] = useState<'participants' | 'delete'>();
  const deleteAlbum = useDeleteAlbum('shared-albums', albumId);

  const total = album.photosCount;
  const amount = layout ? selectedAmount(selection, layout.countByMonth, total) : 0;
  const previewPath = useCallback((photo: Photo) => photoPaths.sharedAlbumPreview(albumId, photo.imageId), [albumId]);
  const onOpen = useCallback(
    (photo: Photo) => void navigate(previewPath(photo), { state: { fromGrid: true } satisfies PreviewState, preventScrollReset: true }),
    [navigate, previewPath],
  );

  const outletContext = useMemo<AlbumOutletContext>(
    () => ({
      kind: 'shared-albums',
      albumId,
      sort,
      previewPath,
      readOnly: true,
      closePreview: () => {
        if ((location.state as PreviewState | null)?.fromGrid) void navigate(-1);
        else void navigate(photoPaths.sharedAlbum(albumId), { replace: true, preventScrollReset: true });
      },
      onPreviewClosed: (lastPhotoId) => {
        if (lastPhotoId) requestAnimationFrame(() => grid.current?.focusPhoto(lastPhotoId));
      },
    }),
    [albumId, sort, previewPath, location.state, navigate],
  );

  return (
    <div className={styles.page}>
      <Link to={photoPaths.albums} className={styles.back}>
        <span aria-hidden="true">‹</span> {t('album.backToAlbums')}
      </Link>
      <div className={styles.banner} role="note">
        <p className={styles.bannerTitle}>{t('shared.banner')}</p>
        <p className={styles.bannerText}>{t('shared.bannerHint')}</p>
      </div>
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <h2 className={styles.title}>{albumName}</h2>
          <p className={styles.meta}>
            {total > 0 && <span>{t('list.photoCount', { count: total })}</span>}
            <span>{createdText(t, album.created)}</span>
            {isOwner ? (
              <button type="button" className={styles.linkButton} onClick={() => setDialog('participants')}>
                {t('shared.sharedWithCount', { count: album.participants.length })}
              </button>
            ) : (
              <span>{t('shared.sharedBy', { email: album.owner.email })}</span>
            )}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={buttonClass.secondary} onClick={() => setDialog('delete')}>
            {t('shared.delete')}
          </button>
        </div>
      </div>
      {total === 0 ? (
        <div className={styles.empty}>
          <p>{t('shared.empty')}</p>
        </div>
      ) : (
        <AlbumGrid
          kind="shared-albums"
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
          everythingSelected={total > 0 && amount === total}
          onCancel={() => dispatch({ type: 'stop' })}
          onSelectAll={() => dispatch({ type: 'selectAll' })}
          onDeselectAll={() => dispatch({ type: 'deselectAll' })}
          unavailableReason={t('shared.unavailable')}
        />
      )}
      {dialog === 'participants' && <ParticipantsDialog album={album} onClose={() => setDialog(undefined)} />}
      {dialog === 'delete' && (
        <AlbumDeleteDialog
          title={isOwner ? t('shared.deleteOwnerTitle') : t('shared.deleteParticipantTitle')}
          body={isOwner ? t('shared.deleteOwnerBody') : t('shared.deleteParticipantBody')}
          confirmLabel={t('shared.deleteConfirm')}
          onClose={() => setDialog(undefined)}
          onConfirm={async () => {
            await deleteAlbum.mutateAsync();
            toast.success(t('deleteAlbum.deleted', { albumName }));
            await navigate(photoPaths.albums, { replace: true });
          }}
        />
      )}
      <Outlet context={outletContext} />
      <Toaster position="top-center" theme="dark" duration={5000} />
    </div>
  );
}
