import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Asks before an address is deleted; says that orders already placed keep theirs. */
export function DeleteAddressDialog({ address, onConfirm, onClose }: { address: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('addresses');
  const bodyId = useId();
  return (
    <Dialog
      title={t('deleteDialog.title')}
      closeLabel={t('deleteDialog.close')}
      onClose={onClose}
      role="alertdialog"
      describedBy={bodyId}
      initialFocus="dialog"
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('deleteDialog.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={onConfirm}>
            {t('deleteDialog.confirm')}
          </button>
        </>
      }
    >
      <p id={bodyId}>{t('deleteDialog.body', { address })}</p>
    </Dialog>
  );
}
