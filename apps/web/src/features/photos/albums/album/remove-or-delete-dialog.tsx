import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import dialogStyles from '../../delete/delete-dialogs.module.css';

interface RemoveOrDeleteDialogProps {
  amount: number;
  onClose: () => void;
  /** Takes the photos out of this album only. */
  onRemove: () => Promise<void>;
  /** Deletes the photos from the library (and so from every album). */
  onDelete: () => Promise<void>;
}

/** 'Delete from album': remove the photos from this album only, or delete them from the library. */
export function RemoveOrDeleteDialog({ amount, onClose, onRemove, onDelete }: RemoveOrDeleteDialogProps) {
  const { t } = useTranslation('albums');
  const bodyId = useId();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog
      title={t('remove.title', { count: amount })}
      role="alertdialog"
      describedBy={bodyId}
      closeLabel={t('close')}
      onClose={onClose}
      dismissable={!busy}
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={busy}>
            {t('remove.cancel')}
          </button>
          <button type="button" className={`${buttonClass.primary} ${dialogStyles.danger}`} onClick={() => void run(onDelete)} disabled={busy}>
            {t('remove.fromLibrary')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => void run(onRemove)} disabled={busy}>
            {t('remove.fromAlbum')}
          </button>
        </>
      }
    >
      <p id={bodyId}>{t('remove.body', { count: amount })}</p>
    </Dialog>
  );
}
