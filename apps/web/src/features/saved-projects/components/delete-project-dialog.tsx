import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Asks before a project is deleted: it cannot be brought back. */
export function DeleteProjectDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const bodyId = useId();
  return (
    <Dialog
      title={t('confirm.title')}
      closeLabel={t('confirm.close')}
      onClose={onClose}
      role="alertdialog"
      describedBy={bodyId}
      initialFocus="dialog"
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={onConfirm}>
            {t('confirm.confirm')}
          </button>
        </>
      }
    >
      <p id={bodyId}>{t('confirm.body', { name })}</p>
    </Dialog>
  );
}
