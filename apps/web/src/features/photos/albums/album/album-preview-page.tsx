import type { Photo } from '@shoebox/contracts';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { useServices } from '../../../../lib/services';
import { albumPhotosQueryOptions } from '../../api/get-album-photos';
import { formatDate, knownDateTaken } from '../../lib/photo-dates';
import { PhotoPreview } from '../../preview/photo-preview';
import type { AlbumOutletContext } from './album-outlet-context';
import { RemoveOrDeleteDialog } from './remove-or-delete-dialog';
import { useAlbumPreviewPosition } from './use-album-preview-position';

/**
 * /my-photos/albums/{id}/preview/{photoId} and /my-photos/shared-albums/{id}/preview/{photoId}, over the
 * album's grid. An own album's photo can be copied, removed from the album or deleted; a shared album's
 * photo can only be downloaded ('Unavailable for shared albums').
 */
export function AlbumPreviewPage() {
  const { t } = useTranslation('photos');
  const { t: tAlbums } = useTranslation('albums');
  const { http } = useServices();
  const context = useOutletContext<AlbumOutletContext>();
  const { photoId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { kind, albumId, sort, previewPath, readOnly, closePreview, onPreviewClosed, removePhoto, deletePhoto } = context;

  const go = useCallback(
    async (photo: Photo) => {
      await navigate(previewPath(photo), { replace: true, state: location.state, preventScrollReset: true });
    },
    [navigate, previewPath, location.state],
  );
  const options = useMemo(() => albumPhotosQueryOptions(http, kind, albumId, sort), [http, kind, albumId, sort]);
  const position = useAlbumPreviewPosition(options, photoId, go);
  // Removing from the album or deleting from the library: which one the dialog chose, for onDelete.
  const choice = useRef<'remove' | 'delete'>('remove');

  const caption = (photo: Photo) => {
    const taken = knownDateTaken(photo.dateTaken);
    return taken ? t('timeline.takenOn', { date: formatDate(taken, t('timeline.takenOnFormat')) }) : t('timeline.unknownDate');
  };

  return (
    <PhotoPreview
      photoId={photoId}
      position={position}
      caption={caption}
      settled={position.settled}
      close={closePreview}
      onClosed={onPreviewClosed}
      go={go}
      readOnlyReason={readOnly ? tAlbums('shared.unavailable') : undefined}
      deleteDialog={
        readOnly
          ? undefined
          : ({ onClose, onConfirm }) => (
              <RemoveOrDeleteDialog
                amount={1}
                onClose={onClose}
                onRemove={() => {
                  choice.current = 'remove';
                  return onConfirm();
                }}
                onDelete={() => {
                  choice.current = 'delete';
                  return onConfirm();
                }}
              />
            )
      }
      onDelete={(photo) => (choice.current === 'delete' ? deletePhoto : removePhoto)?.(photo)}
    />
  );
}
