import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDeleteAlbum } from '../../api/delete-album';
import type { AlbumKind } from '../../api/query-keys';
import { ConfirmDeleteDialog } from '../../delete/delete-dialogs';

interface AlbumDeleteDialogProps {
  kind: AlbumKind;
  album: { albumId: string; albumName: string };
  /** The wording: an own album, or a shared one as its owner or as a participant. */
  title: string;
  body: string;
  confirmLabel: string;
  onClose: () => void;
  /** Leaves the deleted album's screen. */
  onDeleted: () => Promise<void>;
}

/**
 * Deletes an album (or leaves a shared one) once confirmed: '{albumName} album deleted' and back to the
 * albums list; a failure keeps the dialog open with 'Unable to remove album. Please try again'.
 */
export function AlbumDeleteDialog({ kind, album, title, body, confirmLabel, onClose, onDeleted }: AlbumDeleteDialogProps) {
  const { t } = useTranslation('albums');
  const deleteAlbum = useDeleteAlbum(kind, album.albumId);
  return (
    <ConfirmDeleteDialog
      title={title}
      body={body}
      confirmLabel={confirmLabel}
      failedText={t('deleteAlbum.failed')}
      onClose={onClose}
      onConfirm={async () => {
        await deleteAlbum.mutateAsync();
        toast.success(t('deleteAlbum.deleted', { albumName: album.albumName }));
        await onDeleted();
      }}
    />
  );
}
