import type { OwnAlbum, SharedAlbum } from '@shoebox/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { useServices } from '../../../../lib/services';
import { useAccountPhotoInfo } from '../../api/get-account-photo-info';
import { useAlbums, useSharedAlbums } from '../../api/get-albums';
import { PhotosHeader } from '../../components/photos-header';
import { photoPaths } from '../../paths';
import { AlbumNameDialog } from '../name-dialog/album-name-dialog';
import { AlbumCard } from './album-card';
import styles from './albums-page.module.css';

const SHARED_ALBUMS_FLAG = 'PhotoManagementSharedAlbumsViewEnabled';

/**
 * /my-photos/albums (photo-library §2 'Albums list'): the photo library header with its tabs, then the
 * customer's albums: a 'New album' tile (it opens the create dialog) and a card per album, newest first,
 * more with 'Show more albums'. The 'Shared with you' section follows when the customer reads shared albums
 * and the shared-albums flag is on. A shared album (also an own album the customer shared) opens the
 * shared-album route when that flag is on.
 */
export function AlbumsPage() {
  const { flags } = useServices();
  const { data: info } = useAccountPhotoInfo();
  const [creating, setCreating] = useState(false);
  const sharedAlbumsOn = flags.isOn(SHARED_ALBUMS_FLAG);
  const showShared = sharedAlbumsOn && (info?.readAlbumsCount ?? 0) > 0;

  return (
    <div className={styles.page}>
      <PhotosHeader />
      <OwnAlbums sharedAlbumsOn={sharedAlbumsOn} onNewAlbum={() => setCreating(true)} />
      {showShared && <SharedWithYou />}
      {creating && <AlbumNameDialog mode="create" onClose={() => setCreating(false)} />}
    </div>
  );
}

function OwnAlbums({ sharedAlbumsOn, onNewAlbum }: { sharedAlbumsOn: boolean; onNewAlbum: () => void }) {
  const { t } = useTranslation('albums');
  const query = useAlbums();
  return (
    <AlbumsSection<OwnAlbum>
      title={t('list.label')}
      query={query}
      loadingLabel={t('list.loading')}
      errorText={t('list.loadError')}
      leading={
        <button type="button" className={styles.newTile} onClick={onNewAlbum}>
          <span className={styles.plus} aria-hidden="true" />
          <span>{t('list.newAlbum')}</span>
        </button>
      }
      card={(album) => (
        <AlbumCard
          album={album}
          href={album.isShared && sharedAlbumsOn ? photoPaths.sharedAlbum(album.albumId) : photoPaths.album(album.albumId)}
          badge={album.isShared ? t('list.sharedBadge') : undefined}
        />
      )}
    />
  );
}

function SharedWithYou() {
  const { t } = useTranslation('albums');
  const query = useSharedAlbums(true);
  return (
    <AlbumsSection<SharedAlbum>
      title={t('list.sharedWithYou')}
      query={query}
      loadingLabel={t('list.sharedLoading')}
      errorText={t('list.sharedLoadError')}
      card={(album) => <AlbumCard album={album} href={photoPaths.sharedAlbum(album.albumId)} detail={t('list.sharedBy', { email: album.owner.email })} />}
    />
  );
}

/** What a section needs of an album list query (useAlbums, useSharedAlbums). */
interface AlbumListQuery<A> {
  data: { pages: { albums: A[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  isRefetching: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

interface AlbumsSectionProps<A> {
  title: string;
  query: AlbumListQuery<A>;
  loadingLabel: string;
  errorText: string;
  /** A first grid item before the albums (the 'New album' tile). */
  leading?: ReactNode;
  card: (album: A) => ReactNode;
}

/**
 * A titled grid of album cards with its states: a spinner while the first page loads, the error text with
 * 'Try again' when it fails, and 'Show more albums' for the next page (focus then moves to the first album
 * it brought). A failed next page shows the error under the grid and the button tries again.
 */
function AlbumsSection<A extends { albumId: string }>({ title, query, loadingLabel, errorText, leading, card }: AlbumsSectionProps<A>) {
  const { t } = useTranslation('albums');
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number>(undefined);
  const albums = query.data?.pages.flatMap((page) => page.albums) ?? [];
  const failedFirst = query.isError && !query.data;

  // After 'Show more albums', focus goes to the first album of the new page.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === undefined || albums.length <= from) return;
    focusFrom.current = undefined;
    list.current?.querySelectorAll<HTMLAnchorElement>('a[href]')[from]?.focus();
  }, [albums.length]);

  const loadMore = () => {
    focusFrom.current = albums.length;
    void query.fetchNextPage();
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {(leading || albums.length > 0) && (
        <ul ref={list} className={styles.grid}>
          {leading && <li className={styles.item}>{leading}</li>}
          {albums.map((album) => (
            <li key={album.albumId} className={styles.item}>
              {card(album)}
            </li>
          ))}
        </ul>
      )}
      {query.isPending && <Spinner label={loadingLabel} />}
      {failedFirst && (
        <div className={styles.state} role="alert">
          <p className={styles.stateText}>{errorText}</p>
          <button type="button" className={buttonClass.secondary} onClick={() => void query.refetch()} disabled={query.isRefetching}>
            {t('list.retry')}
          </button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p className={styles.stateText} role="alert">
          {errorText}
        </p>
      )}
      {query.hasNextPage && !failedFirst && (
        <div className={styles.more}>
          <button type="button" className={buttonClass.secondary} onClick={loadMore} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage || undefined}>
            {t('list.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}
