import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isHttpStatus } from '../../../lib/http/errors';
import { useRequestAccountDeletion } from '../api/request-account-deletion';
import styles from './delete-account-section.module.css';

/**
 * Settings' "Delete my account": a dialog says what goes and, once the customer agrees, mails the link
 * that confirms the deletion (account-area §4). Nothing is deleted before that link is opened.
 */
export default function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('deletion.heading')}
      </h2>
      <p>{t('deletion.intro')}</p>
      <button type="button" className={buttonClass.secondary} onClick={() => setOpen(true)}>
        {t('deletion.open')}
      </button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const explainId = useId();
  const request = useRequestAccountDeletion();
  const send = () => {
    // A second click while the first request is under way sends nothing more.
    if (!request.isPending) request.mutate();
  };
  const problem = request.isError ? (isHttpStatus(request.error, 429) ? t('deletion.tooMany') : t('deletion.failed')) : undefined;
  return (
    <Dialog
      role="alertdialog"
      title={t('deletion.dialogTitle')}
      describedBy={explainId}
      closeLabel={t('deletion.close')}
      onClose={onClose}
      initialFocus="dialog"
      size="small"
      dismissable={!request.isPending}
      footer={
        request.isSuccess ? (
          <button type="button" className={buttonClass.primary} onClick={onClose}>
            {t('deletion.close')}
          </button>
        ) : (
          <>
            <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={request.isPending}>
              {t('deletion.cancel')}
            </button>
            <button type="button" className={buttonClass.primary} aria-disabled={request.isPending || undefined} onClick={send}>
              {request.isPending ? t('deletion.sending') : t('deletion.send')}
            </button>
          </>
        )
      }
    >
      <div id={explainId}>
        <p>{t('deletion.explain')}</p>
        <p>{t('deletion.howItWorks')}</p>
      </div>
      {request.isSuccess && (
        <p role="status" className={styles.sent}>
          {t('deletion.sent', { email: request.data })}
        </p>
      )}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </Dialog>
  );
}
