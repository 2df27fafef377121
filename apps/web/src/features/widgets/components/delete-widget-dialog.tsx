import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Asks before a photo book is deleted: it cannot be brought back, and its links stop working. */
export function DeleteWidgetDialog({ title, onConfirm, onClose }: { title: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('widgets');
  const bodyId = useId();
  return (
    <Dialog
      title={t('confirmDelete.title')}
      closeLabel={t('confirmDelete.close')}
      onClose={onClose}
      role="alertdialog"
      describedBy={bodyId}
      initialFocus="dialog"
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('confirmDelete.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={onConfirm}>
            {t('confirmDelete.confirm')}
          </button>
        </>
      }
    >
      <p id={bodyId}>{t('confirmDelete.body', { title })}</p>
    </Dialog>
  );
}
