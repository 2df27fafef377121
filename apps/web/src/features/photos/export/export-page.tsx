import { EXPORT_LINK_VALID_DAYS, isExportReady, type ExportSuccess } from '@shoebox/contracts';
import { format } from 'date-fns';
import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { LazySlot } from '../../../components/ui/lazy-slot';
import { Spinner } from '../../../components/ui/spinner';
import { isHttpStatus } from '../../../lib/http/errors';
import { useServices } from '../../../lib/services';
import { useExport } from '../api/get-export';
import { loadDateLocale } from '../../../lib/date-locale';
import { LONG_DATE } from '../lib/photo-dates';
import { formatNumber } from '../lib/format-number';
import { photoPaths } from '../paths';
import { ExportCreationDialog } from '../storage-status/components/export-creation-dialog';
import { ExportChunkList } from './export-chunk-list';
import styles from './export-page.module.css';

/**
 * /my-photos/exports/{backupId} (spec §2 "Export page", §4 "Export view"): loading; the finished export with
 * its expiry and its chunks; 404 (links older than 7 days) 'Your download link has expired' with a way to
 * ask for a new export; any other failure 'Export error'; an export still pending goes to the photos page.
 */
export function ExportPage() {
  const { t } = useTranslation('exports');
  const { backupId = '' } = useParams();
  const backup = useExport(backupId);
  const [expired, setExpired] = useState(false);

  if (expired || isHttpStatus(backup.error, 404)) return <ExpiredExport />;
  if (backup.isError) return <ExportError />;
  if (backup.isPending) return <Spinner label={t('page.loading')} />;
  if (!isExportReady(backup.data)) return <Navigate to={photoPaths.timeline} replace />;
  return <ReadyExport backupId={backupId} backup={backup.data} onExpired={() => setExpired(true)} />;
}

function ReadyExport({ backupId, backup, onExpired }: { backupId: string; backup: ExportSuccess; onExpired: () => void }) {
  const { t } = useTranslation('exports');
  const { locale } = useServices();
  const dates = use(loadDateLocale(locale));
  return (
    <div className={styles.page}>
      <section className={styles.banner} aria-labelledby="export-ready-title">
        <span className={styles.bannerIcon} aria-hidden="true">
          ✓
        </span>
        <div>
          <h2 id="export-ready-title" className={styles.bannerTitle}>
            {t('page.readyTitle')}
          </h2>
          <p>{t('page.expires', { date: format(new Date(backup.expires), LONG_DATE, { locale: dates }) })}</p>
          <p>{t('page.summary', { count: backup.photosCount, photos: formatNumber(backup.photosCount) })}</p>
          {backup.skippedPhotos > 0 && <p className={styles.skipped}>{t('page.skipped', { count: backup.skippedPhotos, photos: formatNumber(backup.skippedPhotos) })}</p>}
        </div>
      </section>
      <ExportChunkList backupId={backupId} chunks={backup.chunks} onExpired={onExpired} />
    </div>
  );
}

function ExpiredExport() {
  const { t } = useTranslation('exports');
  const { reporter } = useServices();
  const [creating, setCreating] = useState(false);
  return (
    <section className={styles.message} aria-labelledby="export-expired-title">
      <h2 id="export-expired-title" className={styles.messageTitle}>
        {t('page.expiredTitle')}
      </h2>
      <p>{t('page.expiredBody', { days: EXPORT_LINK_VALID_DAYS })}</p>
      <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => setCreating(true)}>
        {t('page.newExport')}
      </button>
      {creating && (
        <LazySlot onError={(error) => reporter.report(error, { feature: 'export-creation' })}>
          <ExportCreationDialog onClose={() => setCreating(false)} />
        </LazySlot>
      )}
    </section>
  );
}

function ExportError() {
  const { t } = useTranslation('exports');
  return (
    <section className={styles.message} aria-labelledby="export-error-title">
      <h2 id="export-error-title" className={styles.messageTitle}>
        {t('page.errorTitle')}
      </h2>
      <p role="alert">{t('page.errorBody')}</p>
      <Link to={photoPaths.timeline}>{t('page.backToLibrary')}</Link>
    </section>
  );
}
