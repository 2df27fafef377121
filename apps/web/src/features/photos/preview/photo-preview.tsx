import type { Photo } from '@shoebox/contracts';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Tooltip } from '../../../components/ui/tooltip';
import { useIsSmallScreen } from '../../../lib/media';
import { useServices } from '../../../lib/services';
import { CopyToAlbumDialog } from '../copy-to-album/copy-to-album-dialog';
import { usePhotoDownload } from '../download/use-photo-download';
import { thumbnailUrl } from '../lib/thumbnails';
import { NO_ZOOM, PhotoStage, type Zoom } from './photo-stage';
import { PreviewOverlay } from './preview-overlay';
import { useQueuedMoves } from './use-queued-moves';
import styles from './preview.module.css';

/** The previewed photo among the loaded ones, and how to move to its neighbours (which may first have to load). */
export interface PreviewPosition {
  photo: Photo | undefined;
  previous: Photo | undefined;
  next: Photo | undefined;
  hasPrevious: boolean;
  hasNext: boolean;
  goPrevious: () => void;
  goNext: () => void;
}

export interface PhotoPreviewProps {
  photoId: string;
  position: PreviewPosition;
  caption: (photo: Photo) => string;
  /** Everything near the photo has loaded: a photo not found now is not there, and the preview closes. */
  settled: boolean;
  close: () => void;
  /** The preview has gone: the grid underneath is usable again. */
  onClosed: (lastPhotoId: string) => void;
  /** Moves to a photo. */
  go: (photo: Photo) => Promise<void>;
  /** The confirm dialog of Delete; it calls onConfirm when the customer confirms. Omitted: Delete is unavailable. */
  deleteDialog?: (props: { photo: Photo; onClose: () => void; onConfirm: () => Promise<void> }) => ReactNode;
  /** Deletes (or removes) the photo once confirmed; the preview has already moved to the neighbour. */
  onDelete?: (photo: Photo) => void;
  /** Why Copy to album and Delete are unavailable (a shared album's photo): they show disabled with this tooltip. */
  readOnlyReason?: string;
}

/**
 * The full-screen preview of one photo, over its grid: back, title and caption, Download (the original), Copy to album
 * (flagged) and Delete, previous/next (arrows hidden on phones), keys, swipe, drag-down and zoom.
 * After a delete it moves to the neighbouring photo: the one before, or the second one when the first went.
 */
export function PhotoPreview({ photoId, position, caption, settled, close: closePreview, onClosed, go, deleteDialog, onDelete, readOnlyReason }: PhotoPreviewProps) {
  const { t } = useTranslation('photos');
  const { flags } = useServices();
  const small = useIsSmallScreen();
  const titleId = useId();
  const [dialog, setDialog] = useState<'delete' | 'copy'>();
  const closing = useRef(false);
  const { photo } = position;
  const photoDownload = usePhotoDownload(photo?.imageId);
  // The zoom belongs to the photo it was set on: every photo moved to (keys, arrows, swipes, a delete) opens unzoomed.
  const [zoomed, setZoomed] = useState<{ photoId: string; zoom: Zoom }>();
  const zoom = zoomed && zoomed.photoId === photo?.imageId ? zoomed.zoom : NO_ZOOM;
  const setZoom = (next: Zoom) => {
    if (photo) setZoomed({ photoId: photo.imageId, zoom: next });
  };

  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    closePreview();
  }, [closePreview]);

  // A photo that is not among the loaded photos once the grid has settled: back to the grid.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!photo && settled && !navigating) close();
  }, [photo, settled, navigating, close]);

  // The neighbours' pictures load ahead, so moving shows them at once.
  useEffect(() => {
    for (const neighbour of [position.previous, position.next]) if (neighbour) new Image().src = thumbnailUrl(neighbour, 1300);
  }, [position.previous, position.next]);

  const move = useQueuedMoves(photoId, position);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move('previous');
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      move('next');
    }
  };

  const confirmDelete = async () => {
    if (!photo) return;
    const neighbour = position.previous ?? position.next;
    if (neighbour) await go(neighbour);
    else close();
    onDelete?.(photo);
  };

  const unavailable = (label: string, className = styles.action) => (
    <Tooltip content={readOnlyReason}>
      <button type="button" className={className} aria-disabled="true">
        {label}
      </button>
    </Tooltip>
  );

  const actions = (
    <div className={styles.actions}>
      <button type="button" className={styles.action} aria-pressed={zoom.on} onClick={() => setZoom(zoom.on ? NO_ZOOM : { on: true, originX: 50, originY: 50 })}>
        {zoom.on ? t('preview.zoomOut') : t('preview.zoomIn')}
      </button>
      <button type="button" className={styles.action} onClick={() => photo && void photoDownload.download(photo)}>
        {photoDownload.status === 'pending' ? t('preview.downloading') : t('preview.download')}
      </button>
      {flags.isOn('PhotoManagementCopyToAlbumEnabled') &&
        (readOnlyReason ? (
          unavailable(t('preview.copyToAlbum'))
        ) : (
          <button type="button" className={styles.action} onClick={() => setDialog('copy')}>
            {t('preview.copyToAlbum')}
          </button>
        ))}
      {readOnlyReason || !deleteDialog ? (
        unavailable(t('preview.delete'), `${styles.action} ${styles.delete}`)
      ) : (
        <button type="button" className={`${styles.action} ${styles.delete}`} onClick={() => setDialog('delete')}>
          {t('preview.delete')}
        </button>
      )}
    </div>
  );

  return (
    <PreviewOverlay labelledBy={titleId} onKeyDown={onKeyDown} onClosed={() => onClosed(photo?.imageId ?? photoId)}>
      <div className={styles.bar}>
        <button type="button" className={styles.iconButton} onClick={close} aria-label={t('preview.back')}>
          <span className={styles.backIcon} aria-hidden="true" />
        </button>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {photo?.localFileName || t('preview.label')}
          </h2>
          {photo && <p className={styles.caption}>{caption(photo)}</p>}
        </div>
        {photo && !small && actions}
      </div>
      {photoDownload.status === 'failure' && (
        <p className={styles.failure} role="alert">
          {t('preview.downloadFailed')}
        </p>
      )}
      {photo ? (
        <PhotoStage key={photo.imageId} photo={photo} zoom={zoom} onZoomChange={setZoom} onNext={position.goNext} onPrevious={position.goPrevious} onClose={close} />
      ) : (
        <div className={styles.stage}>
          <span className={styles.stageSpinner} role="status" aria-label={t('preview.loading')} />
        </div>
      )}
      {photo && small && <div className={styles.bottomBar}>{actions}</div>}
      {photo && !small && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.previous}`} onClick={position.goPrevious} disabled={!position.hasPrevious} aria-label={t('preview.previous')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={position.goNext} disabled={!position.hasNext} aria-label={t('preview.next')}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
      {photo && dialog === 'delete' && deleteDialog?.({ photo, onClose: () => setDialog(undefined), onConfirm: confirmDelete })}
      {photo && dialog === 'copy' && <CopyToAlbumDialog amount={1} resolvePhotoIds={async () => [photo.imageId]} onClose={() => setDialog(undefined)} />}
    </PreviewOverlay>
  );
}
