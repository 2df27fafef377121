import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatNumber } from '../lib/format-number';
import styles from './activation.module.css';
import { importPercent } from './import-progress';
import type { ActivationView } from './use-library-activation';

export interface ActivationPanelProps {
  view: ActivationView;
  start: () => void;
  starting: boolean;
  startFailed: boolean;
  dismiss: () => void;
}

/** What the customer sees of activation: the offer, the import's progress, and that it is done. */
export function ActivationPanel({ view, start, starting, startFailed, dismiss }: ActivationPanelProps) {
  const { t } = useTranslation('activation');
  const titleId = useId();

  if (view.kind === 'offer') {
    return (
      <section className={styles.panel} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {t('offer.title')}
        </h2>
        <p>{t('offer.body')}</p>
        {view.failedBefore && (
          <p role="alert" className={styles.alert}>
            {t('importFailed')}
          </p>
        )}
        {startFailed && (
          <p role="alert" className={styles.alert}>
            {t('offer.failed')}
          </p>
        )}
        <button type="button" className={buttonClass.primary} onClick={start} disabled={starting}>
          {starting ? t('offer.starting') : t('offer.start')}
        </button>
      </section>
    );
  }

  if (view.kind === 'importing') {
    const payload = view.progress?.data.payload;
    const percent = importPercent(view.progress);
    const counted = payload && payload.total > 0;
    return (
      <section className={styles.panel} aria-labelledby={titleId} aria-busy="true">
        <h2 id={titleId} className={styles.title}>
          {t('progress.title')}
        </h2>
        <p>{t('progress.body')}</p>
        <ProgressBar label={t('progress.label')} value={view.finishing ? 100 : percent} />
        <p role="status" className={styles.status}>
          {view.finishing
            ? t('progress.finishing')
            : counted
              ? t('progress.count', { count: payload.total, imported: formatNumber(payload.imported), total: formatNumber(payload.total) })
              : t('progress.waiting')}
        </p>
      </section>
    );
  }

  if (view.kind === 'done') {
    return (
      <section className={`${styles.panel} ${styles.done}`} aria-labelledby={titleId}>
        <div role="status" className={styles.doneText}>
          <h2 id={titleId} className={styles.title}>
            {t('done.title')}
          </h2>
          <p>{t('done.body')}</p>
          {view.failed > 0 && <p>{t('done.failed', { count: view.failed, photos: formatNumber(view.failed) })}</p>}
        </div>
        <button type="button" className={buttonClass.secondary} onClick={dismiss}>
          {t('done.dismiss')}
        </button>
      </section>
    );
  }

  return null;
}
