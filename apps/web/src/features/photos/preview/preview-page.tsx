import type { Photo } from '@shoebox/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation, useOutletContext, useParams } from 'react-router';
import { useIsSmallScreen } from '../../../lib/media';
import { useServices } from '../../../lib/services';
import { DeletePhotoDialog } from '../delete/delete-dialogs';
import { formatDate, knownDateTaken } from '../lib/photo-dates';
import { thumbnailUrl } from '../lib/thumbnails';
import { photoPaths } from '../paths';
import type { TimelineOutletContext } from '../routes/photos-page';
import { NO_ZOOM, PhotoStage, type Zoom } from './photo-stage';
import { PreviewOverlay } from './preview-overlay';
import styles from './preview.module.css';
import { usePreviewNavigation } from './use-preview-navigation';

/**
 * /my-photos/photos/preview/{id}, over the timeline. Sorted by upload date it is the creation-date view
 * (the photo's upload date); otherwise the timeline preview (its date taken).
 */
export function PreviewPage() {
  const context = useOutletContext<TimelineOutletContext>();
  const { id = '' } = useParams();
  return context.sort.sortKey === 'created' ? <CreationDatePreview context={context} photoId={id} /> : <TimelinePreview context={context} photoId={id} />;
}

interface PreviewProps {
  context: TimelineOutletContext;
  photoId: string;
}

/** The timeline preview: 'Taken on {date}', or 'Unknown Date' for a photo without one. */
function TimelinePreview(props: PreviewProps) {
  const { t } = useTranslation('photos');
  const caption = (photo: Photo) => {
    const taken = knownDateTaken(photo.dateTaken);
    return taken ? t('timeline.takenOn', { date: formatDate(taken, t('timeline.takenOnFormat')) }) : t('timeline.unknownDate');
  };
  return <PhotoPreview {...props} caption={caption} />;
}

/** The creation-date view: when the photo was uploaded. */
function CreationDatePreview(props: PreviewProps) {
  const { t } = useTranslation('photos');
  const caption = (photo: Photo) =>
    photo.uploadEnd ? t('timeline.uploadedOn', { date: formatDate(new Date(photo.uploadEnd), t('timeline.uploadedOnFormat')) }) : t('timeline.unknownDate');
  return <PhotoPreview {...props} caption={caption} />;
}

function PhotoPreview({ context, photoId, caption }: PreviewProps & { caption: (photo: Photo) => string }) {
  const { t } = useTranslation('photos');
  const { flags } = useServices();
  const small = useIsSmallScreen();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const [confirming, setConfirming] = useState(false);
  const closing = useRef(false);
  const { closePreview, onPreviewClosed, deletePhoto, settled, sort, sections } = context;

  const go = useCallback(
    async (photo: Photo) => {
      setZoom(NO_ZOOM);
      await navigate(`${photoPaths.preview(photo.imageId)}${location.search}`, { replace: true, state: location.state, preventScrollReset: true });
    },
    [navigate, location.search, location.state],
  );
  const nav = usePreviewNavigation(sort, sections, photoId, go);
  const photo = nav.located?.photo;

  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    closePreview();
  }, [closePreview]);

  // A photo that is not among the loaded photos once the timeline has settled: back to the grid.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!nav.located && settled && !navigating) close();
  }, [nav.located, settled, navigating, close]);

  // The neighbours' pictures load ahead, so moving shows them at once.
  useEffect(() => {
    for (const neighbour of [nav.previous, nav.next]) if (neighbour) new Image().src = thumbnailUrl(neighbour, 1300);
  }, [nav.previous, nav.next]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      nav.goPrevious();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      nav.goNext();
    }
  };

  const confirmDelete = async () => {
    const located = nav.located;
    if (!located) return;
    // The neighbouring photo: the one before, or the second one when the first was deleted.
    const neighbour = nav.previous ?? nav.next;
    if (neighbour) await go(neighbour);
    else close();
    // Optimistic: the dialog closes now; a failure puts the photo back and says so.
    void deletePhoto([located.photo.imageId, located.key]);
  };

  const actions = (
    <div className={styles.actions}>
      <button type="button" className={styles.action} aria-pressed={zoom.on} onClick={() => setZoom(zoom.on ? NO_ZOOM : { on: true, originX: 50, originY: 50 })}>
        {zoom.on ? t('preview.zoomOut') : t('preview.zoomIn')}
      </button>
      <button type="button" className={styles.action}>
        {t('preview.download')}
      </button>
      {flags.isOn('PhotoManagementCopyToAlbumEnabled') && (
        <button type="button" className={styles.action}>
          {t('preview.copyToAlbum')}
        </button>
      )}
      <button type="button" className={`${styles.action} ${styles.delete}`} onClick={() => setConfirming(true)}>
        {t('preview.delete')}
      </button>
    </div>
  );

  return (
    <PreviewOverlay labelledBy={titleId} onKeyDown={onKeyDown} onClosed={() => onPreviewClosed(photo?.imageId ?? photoId)}>
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
      {photo ? (
        <PhotoStage key={photo.imageId} photo={photo} zoom={zoom} onZoomChange={setZoom} onNext={nav.goNext} onPrevious={nav.goPrevious} onClose={close} />
      ) : (
        <div className={styles.stage}>
          <span className={styles.stageSpinner} role="status" aria-label={t('preview.loading')} />
        </div>
      )}
      {photo && small && <div className={styles.bottomBar}>{actions}</div>}
      {photo && !small && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.previous}`} onClick={nav.goPrevious} disabled={!nav.hasPrevious} aria-label={t('preview.previous')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={nav.goNext} disabled={!nav.hasNext} aria-label={t('preview.next')}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
      {confirming && <DeletePhotoDialog onClose={() => setConfirming(false)} onConfirm={confirmDelete} />}
    </PreviewOverlay>
  );
}
