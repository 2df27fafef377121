import type { Widget } from '@shoebox/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../lib/paths';
import { useDeleteWidget } from '../api/delete-widget';
import { GalleryPanel } from './gallery-panel';
import styles from './widget-card.module.css';

export interface WidgetCardProps {
  widget: Widget;
  /** Said once the book is gone, for the page to announce. */
  onDeleted: (title: string) => void;
}

/** One photo book: its cover, title, pages and product; Share, Delete (asks first) and its place in the gallery. */
export function WidgetCard({ widget, onDeleted }: WidgetCardProps) {
  const { t } = useTranslation('widgets');
  const remove = useDeleteWidget();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const { title } = widget;
  // Deleted, and waiting for the page to be read again without it: still shown as being deleted.
  const deleting = remove.isPending || remove.isSuccess;

  const confirm = () => {
    setConfirming(false);
    remove.mutate(widget.widgetId, { onSuccess: () => onDeleted(title) });
  };

  return (
    <li className={`${styles.card} ${remove.isError ? styles.failed : ''}`} aria-labelledby={titleId} aria-busy={deleting || undefined}>
      <div className={styles.cover}>
        {widget.coverUrl ? (
          <img src={widget.coverUrl} alt={t('list.coverAlt', { title })} loading="lazy" decoding="async" />
        ) : (
          <span className={styles.noCover}>{t('list.noCover')}</span>
        )}
      </div>
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p className={styles.meta}>
          <span>{t(`productTypes.${widget.productType}`)}</span>
          <span>{t('list.pageCount', { count: widget.pageCount })}</span>
        </p>
        {deleting && (
          <p className={styles.status} role="status">
            {t('list.deleting')}
          </p>
        )}
        {remove.isError && (
          <p className={styles.error} role="alert">
            {t('list.deleteFailed')}
          </p>
        )}
        <div className={styles.actions}>
          {!deleting && (
            <Link className={buttonClass.primary} to={paths.widget(widget.productCode)} aria-label={t('list.shareNamed', { title })}>
              {t('list.share')}
            </Link>
          )}
          {remove.isError ? (
            <button type="button" className={buttonClass.secondary} aria-label={t('list.retryDeleteNamed', { title })} onClick={confirm}>
              {t('list.retryDelete')}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass.secondary}
              aria-label={t('list.deleteNamed', { title })}
              aria-disabled={deleting || undefined}
              onClick={() => {
                if (!deleting) setConfirming(true);
              }}
            >
              {t('list.delete')}
            </button>
          )}
        </div>
        {!deleting && <GalleryPanel widget={widget} />}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('confirmDelete.title')}
          closeLabel={t('confirmDelete.close')}
          cancelLabel={t('confirmDelete.cancel')}
          confirmLabel={t('confirmDelete.confirm')}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        >
          {t('confirmDelete.body', { title })}
        </ConfirmDialog>
      )}
    </li>
  );
}
