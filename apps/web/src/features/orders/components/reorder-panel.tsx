import type { SuperOrder } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { OrderCutoffNote } from '../../../components/order-cutoff/order-cutoff-note';
import { buttonClass } from '../../../components/ui/button';
import { useDirectReorder } from '../api/direct-reorder';
import { useReorderStatus } from '../api/get-reorder-status';
import { productName } from '../lib/product-names';
import styles from './order-details.module.css';

/**
 * Order again, only where the order can be: what would be ordered, by name, with the cut-off of its articles (decision
 * 111: when a reorder placed now would leave), and a button that starts the reorder and takes the customer to the shop.
 */
export function ReorderPanel({ order }: { order: Pick<SuperOrder, 'orderCode' | 'products'> }) {
  const { orderCode } = order;
  const { t, i18n } = useTranslation('orders');
  const catalogue = useCatalogue(i18n.language);
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
      {order.products.length > 0 && (
        <ul>
          {[...new Set(order.products.map((product) => productName(catalogue, product)))].map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
      <OrderCutoffNote articleNames={order.products.map((product) => product.articleName)} />
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
