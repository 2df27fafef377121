import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductPicture } from '../../../components/product-picture/product-picture';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { paths } from '../../../lib/paths';
import { useLatestOrderInProgress } from '../api/get-latest-order-in-progress';
import { orderKind } from '../lib/product-names';
import { OrderStatusBadge } from './order-status-badge';
import { ProductsSummary } from './products-summary';
import styles from './latest-order-card.module.css';

/** The Overview's latest order in progress: its picture, what it is, its status and a link to it; nothing when there is none. */
export default function LatestOrderCard() {
  const { t, i18n } = useTranslation('orders');
  const headingId = useId();
  const catalogue = useCatalogue(i18n.language);
  const { data: order } = useLatestOrderInProgress();
  if (!order) return null;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <ProductPicture photo={order.picture} kind={orderKind(catalogue, order)} size="small" />
      <div className={styles.main}>
        <h2 id={headingId} className={styles.heading}>
          {t('latest.heading')}
        </h2>
        <ProductsSummary products={order.products} className={styles.product} />
      </div>
      <OrderStatusBadge status={order.status} holdup={order.holdup} />
      <Link className={styles.link} to={paths.order(order.orderCode)}>
        {t('latest.view', { code: order.orderCode })}
      </Link>
    </section>
  );
}
