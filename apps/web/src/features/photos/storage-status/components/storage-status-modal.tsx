import { STORAGE_PERIOD_MONTHS, type DeletionInfo, type StorageOutlook } from '@shoebox/contracts';
import { format } from 'date-fns';
import { use, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePublicConfiguration } from '../../../../api/storefront/get-public-configuration';
import { buttonClass } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { LazySlot } from '../../../../components/ui/lazy-slot';
import { NavButton } from '../../../../components/ui/nav-button';
import { preloadNamespaces } from '../../../../lib/i18n';
import { paths } from '../../../../lib/paths';
import { useServices } from '../../../../lib/services';
import { loadDateLocale } from '../../../../lib/date-locale';
import { LONG_DATE } from '../../lib/photo-dates';
import { calendarDay, storageMessage } from '../lib/storage-messages';
import { ExportCreationDialog } from './export-creation-dialog';
import styles from './storage-status.module.css';

/** Where 'Delete photos' goes when the page gives no callback: the photos page opens its delete-all modal. */
export const DELETE_ALL_PATH = `${paths.photos}?delete=all`;

export interface StorageStatusModalProps {
  info: DeletionInfo | undefined;
  failed: boolean;
  outlook: StorageOutlook | undefined;
  onClose: () => void;
  onDeletePhotos?: () => void;
}

/** The export-creation modal's texts, fetched as the customer reaches for it. */
const preloadExportTexts = () => void preloadNamespaces(['exports']).catch(() => undefined);

/** The storage status modal: the 18-month rule, this customer's dates, and what they can do about it. */
export function StorageStatusModal({ info, failed, outlook, onClose, onDeletePhotos }: StorageStatusModalProps) {
  const { t } = useTranslation('storage');
  const { locale, reporter } = useServices();
  const [exporting, setExporting] = useState(false);
  const navigate = useNavigate();
  const { routes } = usePublicConfiguration();
  const dates = use(loadDateLocale(locale));
  const ruleId = useId();
  const message = outlook && storageMessage(outlook);
  const day = (iso: string) => format(calendarDay(iso), LONG_DATE, { locale: dates });
  const tone = outlook?.status ?? 'unknown';
  const atRisk = tone === 'warning' || tone === 'critical';

  const title = message ? t(`title.${message.key}`, 'count' in message ? { count: message.count } : {}) : t('title.unknown');

  const deletePhotos = () => {
    onClose();
    if (onDeletePhotos) onDeletePhotos();
    else void navigate(DELETE_ALL_PATH);
  };

  return (
    <Dialog
      title={title}
      closeLabel={t('close')}
      onClose={onClose}
      describedBy={ruleId}
      initialFocus="dialog"
      size="large"
      role={tone === 'critical' ? 'alertdialog' : 'dialog'}
      className={`${styles.modal} ${styles[`modal-${tone}`]}`}
      footer={
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      {failed && (
        <p role="alert" className={styles.alert}>
          {t('loadError')}
        </p>
      )}
      <p id={ruleId}>{t('rule', { months: STORAGE_PERIOD_MONTHS })}</p>
      {info && outlook && (
        <div className={styles.dates}>
          <p>
            {info.lastOrderDate
              ? t('lastOrder', { date: day(info.lastOrderDate) })
              : t('registered', { months: STORAGE_PERIOD_MONTHS, date: day(info.registrationDate) })}
          </p>
          <p className={styles.deletionDate}>
            {outlook.daysRemaining <= 0
              ? t('deletionToday', { date: day(info.projectedDeletionDate) })
              : t('deletionDate', { date: day(info.projectedDeletionDate) })}
          </p>
        </div>
      )}

      <div className={styles.options}>
        {atRisk && (
          <section className={styles.section} aria-labelledby={`${ruleId}-keep`}>
            <h3 id={`${ruleId}-keep`} className={styles.sectionTitle}>
              {t('keepTitle')}
            </h3>
            <p>{t('keepBody', { months: STORAGE_PERIOD_MONTHS })}</p>
            <NavButton variant="primary" href={routes.products}>
              {t('shop')}
            </NavButton>
          </section>
        )}

        <section className={styles.section} aria-labelledby={`${ruleId}-delete`}>
          <h3 id={`${ruleId}-delete`} className={styles.sectionTitle}>
            {t('deleteTitle')}
          </h3>
          <p>{t('deleteBody')}</p>
          <button type="button" className={buttonClass.secondary} onClick={deletePhotos}>
            {t('deleteAction')}
          </button>
        </section>

        <section className={styles.section} aria-labelledby={`${ruleId}-export`}>
          <h3 id={`${ruleId}-export`} className={styles.sectionTitle}>
            {t('exportTitle')}
          </h3>
          <p>{t('exportBody')}</p>
          <button
            type="button"
            className={buttonClass.secondary}
            aria-haspopup="dialog"
            onClick={() => setExporting(true)}
            onPointerEnter={preloadExportTexts}
            onFocus={preloadExportTexts}
          >
            {t('exportAction')}
          </button>
        </section>
      </div>
      {exporting && (
        <LazySlot onError={(error) => reporter.report(error, { feature: 'export-creation' })}>
          <ExportCreationDialog onClose={() => setExporting(false)} />
        </LazySlot>
      )}
    </Dialog>
  );
}
