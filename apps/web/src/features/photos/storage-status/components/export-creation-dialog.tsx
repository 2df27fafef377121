import { EXPORT_LINK_VALID_DAYS } from '@shoebox/contracts';
import { format } from 'date-fns';
import { use, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { serverRefusalOf, useServerRefusalText } from '../../../../lib/http/server-refusal';
import { useServices } from '../../../../lib/services';
import { useCreateExport } from '../../api/create-export';
import { loadDateLocale } from '../../../../lib/date-locale';
import { LONG_DATE } from '../../lib/photo-dates';
import { photoPaths } from '../../paths';
import { EXPORT_PROCESSING_HOURS, wasAlreadyRunning } from '../lib/export-requests';
import styles from './export-creation-dialog.module.css';

type Outcome = { kind: 'started' } | { kind: 'running'; requested: string } | { kind: 'upToDate'; exportId: string };

/**
 * The export-creation modal (spec §4 "Export creation"): initial, loading ('Requesting export...'), success
 * ('We're processing your export') or error. One export runs at a time: asked again while one runs, the
 * server answers that one and the modal says it is already being prepared. While a ready export holds the
 * library as it is, the server makes no other and the modal leads to that one. A refusal (an empty library)
 * is said from its code.
 */
export function ExportCreationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('exports');
  const { locale } = useServices();
  const dates = use(loadDateLocale(locale));
  const create = useCreateExport();
  const refusalText = useServerRefusalText('exports');
  const [outcome, setOutcome] = useState<Outcome>();
  const bodyId = useId();

  const request = () => {
    setOutcome(undefined);
    create.mutate(undefined, {
      onSuccess: (created) => setOutcome(wasAlreadyRunning(created) ? { kind: 'running', requested: created.requested } : { kind: 'started' }),
      onError: (error) => {
        const refusal = serverRefusalOf(error);
        const exportId = refusal?.code === 'export_up_to_date' ? refusal.params?.exportId : undefined;
        if (typeof exportId === 'string') setOutcome({ kind: 'upToDate', exportId });
      },
    });
  };

  const done = outcome !== undefined;
  const loading = create.isPending;

  return (
    <Dialog
      title={t('creation.title')}
      closeLabel={t('creation.close')}
      onClose={onClose}
      describedBy={bodyId}
      dismissable={!loading}
      size="medium"
      footer={
        done ? (
          <button type="button" className={buttonClass.primary} onClick={onClose}>
            {t('creation.close')}
          </button>
        ) : (
          <>
            <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={loading}>
              {t('creation.cancel')}
            </button>
            <button type="button" className={buttonClass.primary} onClick={request} disabled={loading}>
              {create.isError ? t('creation.retry') : t('creation.request')}
            </button>
          </>
        )
      }
    >
      <div id={bodyId}>
        {!done && (
          <>
            <p>{t('creation.intro')}</p>
            <p>{t('creation.timing', { hours: EXPORT_PROCESSING_HOURS, days: EXPORT_LINK_VALID_DAYS })}</p>
          </>
        )}
        {loading && <Spinner label={t('creation.loading')} />}
        {create.isError && !done && (
          <p role="alert" className={styles.alert}>
            {refusalText(serverRefusalOf(create.error))}
          </p>
        )}
        {outcome?.kind === 'upToDate' && (
          <div role="status" className={styles.outcome}>
            <h3 className={styles.outcomeTitle}>{t('creation.upToDate')}</h3>
            <p>{t('creation.upToDateBody')}</p>
            <p>
              <Link to={photoPaths.exportPage(outcome.exportId)} onClick={onClose}>
                {t('creation.openExport')}
              </Link>
            </p>
          </div>
        )}
        {outcome && outcome.kind !== 'upToDate' && (
          <div role="status" className={styles.outcome}>
            <h3 className={styles.outcomeTitle}>{outcome.kind === 'started' ? t('creation.success') : t('creation.running')}</h3>
            <p>
              {outcome.kind === 'started'
                ? t('creation.successBody', { hours: EXPORT_PROCESSING_HOURS })
                : t('creation.runningBody', { date: format(new Date(outcome.requested), LONG_DATE, { locale: dates }), hours: EXPORT_PROCESSING_HOURS })}
            </p>
          </div>
        )}
      </div>
    </Dialog>
  );
}
