import type { SharedAlbum } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams, useRouteLoaderData } from 'react-router';
import { buttonClass } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../../lib/auth/auth-session';
import { useServices } from '../../../../lib/services';
import { useArchiveDownload } from '../../../downloads';
import { useSharedAlbum } from '../../api/get-album';
import { SelectionToolbar } from '../../selection/selection-toolbar';
import { SelectionProvider, useSelection } from '../../stores/selection-context';
import { AlbumDeleteDialog } from '../album/album-delete-dialog';
import { AlbumGrid } from '../album/album-grid';
import { AlbumLoadError } from '../album/album-load-error';
import { BackToAlbumsLink } from '../album/back-to-albums-link';
import type { AlbumOutletContext } from '../album/album-outlet-context';
import styles from '../album/album-page.module.css';
import { createdText } from '../album/created-text';
import { useAlbumScreen } from '../album/use-album-screen';
import { ParticipantsDialog } from './participants-dialog';
import { resolveSharedSelection } from './resolve-shared-selection';

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
 * A shared album, read-only for everyone: its name as the heading; the owner sees how many people it is shared
 * with (and who), a participant sees the owner; the banner 'Shared albums are no longer supported'; the grid,
 * where only Download works; and 'Delete shared album', which deletes it for everyone (owner) or leaves it
 * (participant).
 */
function SharedAlbumView({ album }: { album: SharedAlbum }) {
  const { t } = useTranslation('albums');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const { albumName } = album;
  const { http } = useServices();
  const queryClient = useQueryClient();
  const { selection, dispatch } = useSelection();
  const archive = useArchiveDownload();
  const isOwner = identity.customerId === album.ownerId;
  const [dialog, setDialog] = useState<'participants' | 'delete'>();
  const screen = useAlbumScreen('shared-albums', album);
  const total = album.photosCount;
  const outletContext = useMemo<AlbumOutletContext>(() => ({ ...screen.previewContext, readOnly: true }), [screen.previewContext]);
  const downloadSelected = () => {
    const shown = { albumId: album.albumId, sort: screen.sort };
    void archive
      .request({ photos: async (signal) => ({ sharedPhotos: await resolveSharedSelection(http, queryClient, shown, selection, signal) }), name: albumName })
      .then((requested) => {
        if (requested) dispatch({ type: 'stop' });
      });
  };

  return (
    <div className={styles.page}>
      <BackToAlbumsLink />
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <h1 ref={screen.heading} tabIndex={-1} className={styles.title}>
            {albumName}
          </h1>
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
      <div className={styles.banner} role="note">
        <p className={styles.bannerTitle}>{t('shared.banner')}</p>
        <p className={styles.bannerText}>{t('shared.bannerHint')}</p>
      </div>
      {total === 0 ? (
        <div className={styles.empty}>
          <p>{t('shared.empty')}</p>
        </div>
      ) : (
        <AlbumGrid {...screen.gridProps} />
      )}
      {selection.active && !screen.previewOpen && (
        <SelectionToolbar
          amount={screen.amount}
          everythingSelected={screen.everythingSelected}
          onDownload={downloadSelected}
          unavailableReason={t('shared.unavailable')}
        />
      )}
      {dialog === 'participants' && <ParticipantsDialog album={album} onClose={() => setDialog(undefined)} />}
      {dialog === 'delete' && (
        <AlbumDeleteDialog
          kind="shared-albums"
          album={album}
          title={isOwner ? t('shared.deleteOwnerTitle') : t('shared.deleteParticipantTitle')}
          body={isOwner ? t('shared.deleteOwnerBody') : t('shared.deleteParticipantBody')}
          confirmLabel={t('shared.deleteConfirm')}
          onClose={() => setDialog(undefined)}
          onDeleted={screen.leaveDeleted}
        />
      )}
      <Outlet context={outletContext} />
    </div>
  );
}
