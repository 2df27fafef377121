import type { Photo } from '@shoebox/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { DeletePhotoDialog } from '../delete/delete-dialogs';
import { formatDate, knownDateTaken } from '../lib/photo-dates';
import { photoPaths } from '../paths';
import { PhotoPreview } from './photo-preview';
import type { TimelineOutletContext } from './timeline-outlet-context';
import { usePreviewNavigation } from './use-preview-navigation';

/**
 * /my-photos/photos/preview/{id}, over the timeline, from the grid or straight from its address (a reload,
 * a bookmark, a new tab), for any photo of the library. Sorted by upload date it is the creation-date view
 * (the photo's upload date); otherwise the timeline preview (its date taken, or 'Unknown Date').
 */
export function PreviewPage() {
  const { t } = useTranslation('photos');
  const context = useOutletContext<TimelineOutletContext>();
  const { photoId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { closePreview, onPreviewClosed, deletePhoto, settled, sort, sections } = context;

  const go = useCallback(
    async (photo: Photo) => {
      await navigate(`${photoPaths.preview(photo.imageId)}${location.search}`, { replace: true, state: location.state, preventScrollReset: true });
    },
    [navigate, location.search, location.state],
  );
  const nav = usePreviewNavigation(sort, sections, photoId, go);

  const caption = (photo: Photo) => {
    if (sort.sortKey === 'created') {
      return photo.uploadEnd ? t('timeline.uploadedOn', { date: formatDate(new Date(photo.uploadEnd), t('timeline.uploadedOnFormat')) }) : t('timeline.unknownDate');
    }
    const taken = knownDateTaken(photo.dateTaken);
    return taken ? t('timeline.takenOn', { date: formatDate(taken, t('timeline.takenOnFormat')) }) : t('timeline.unknownDate');
  };

  return (
    <PhotoPreview
      photoId={photoId}
      position={nav}
      caption={caption}
      settled={nav.missing && settled}
      close={closePreview}
      onClosed={(lastPhotoId) => onPreviewClosed(lastPhotoId, nav.section)}
      go={go}
      deleteDialog={({ onClose, onConfirm }) => <DeletePhotoDialog onClose={onClose} onConfirm={onConfirm} />}
      onDelete={(photo) => {
        // Optimistic: the dialog closes now; a failure puts the photo back and says so.
        if (nav.photo?.imageId === photo.imageId && nav.section) void deletePhoto([photo.imageId, nav.section]);
      }}
    />
  );
}
