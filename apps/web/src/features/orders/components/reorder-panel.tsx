import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderCutoffNote } from '../../../components/order-cutoff/order-cutoff-note';
import { buttonClass } from '../../../components/ui/button';
import { useDirectReorder } from '../api/direct-reorder';
import { useReorderStatus } from '../api/get-reorder-status';
import styles from './order-details.module.css';

/**
 * Order again, only where the order can be: a button that starts the reorder and takes the customer to the shop,
 * with the cut-off of the order's articles (decision 111), as that is when a reorder placed now would leave.
 */
export function ReorderPanel({ orderCode, articleNames }: { orderCode: string; articleNames: readonly string[] }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  const status = useReorderStatus(orderCode);
  const reorder = useDirectReorder(orderCode);
  if (!status.data?.reorderable) return null;
  const going = reorder.isPending || reorder.isSuccess;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('details.reorderHeading')}
      </h2>
      <p>{t('details.reorderAvailable')}</p>
      <OrderCutoffNote articleNames={articleNames} />
      <button
        type="button"
        className={`${buttonClass.primary} ${styles.action}`}
        aria-disabled={going || undefined}
        onClick={() => {
          if (!going) reorder.mutate(undefined, { onSuccess: (shopUrl) => window.location.assign(shopUrl) });
        }}
      >
        {going ? t('details.reordering') : t('details.reorder')}
      </button>
      {reorder.isError && (
        <p role="alert" className={styles.problem}>
          {t('details.reorderError')}
        </p>
      )}
    </section>
  );
}
