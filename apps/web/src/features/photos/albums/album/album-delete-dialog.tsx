import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import dialogStyles from '../../delete/delete-dialogs.module.css';

interface AlbumDeleteDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  onClose: () => void;
  /** Deletes; a rejection keeps the dialog open with the spec's error text. */
  onConfirm: () => Promise<void>;
}

/** Confirms deleting an album (own or shared); on failure it stays open and says 'Unable to remove album. Please try again'. */
export function AlbumDeleteDialog({ title, body, confirmLabel, onClose, onConfirm }: AlbumDeleteDialogProps) {
  const { t } = useTranslation('albums');
  const bodyId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await onConfirm();
      onClose();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={title}
      role="alertdialog"
      describedBy={bodyId}
      closeLabel={t('close')}
      onClose={onClose}
      dismissable={!busy}
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={busy}>
            {t('deleteAlbum.cancel')}
          </button>
          <button type="button" className={`${buttonClass.primary} ${dialogStyles.danger}`} onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p id={bodyId}>{body}</p>
      {failed && (
        <p className={dialogStyles.error} role="alert">
          {t('deleteAlbum.failed')}
        </p>
      )}
    </Dialog>
  );
}
