import { RESNAP_SOURCE, type SuperOrder } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductPicture } from '../../../components/product-picture/product-picture';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { paths } from '../../../lib/paths';
import { formatDate, formatMoney } from '../lib/format';
import { orderKind } from '../lib/product-names';
import { OrderStatusBadge } from './order-status-badge';
import { ProductsSummary } from './products-summary';
import styles from './order-row.module.css';

/** One order in a list: its picture, what it is, its code (the link to its details), date, total, whether it is a reorder, and status. */
export function OrderRow({ order }: { order: SuperOrder }) {
  const { t, i18n } = useTranslation('orders');
  const headingId = useId();
  const catalogue = useCatalogue(i18n.language);
  return (
    <li className={styles.row} aria-labelledby={headingId}>
      <ProductPicture photo={order.picture} kind={orderKind(catalogue, order)} size="small" />
      <div className={styles.main}>
        <h3 id={headingId} className={styles.code}>
          <Link to={paths.order(order.orderCode)}>{t('list.orderCode', { code: order.orderCode })}</Link>
        </h3>
        <ProductsSummary products={order.products} className={styles.products} />
        <p className={styles.meta}>
          <span>{t('list.orderedOn', { date: formatDate(order.createdAt) })}</span>
          <span>{t('list.productCount', { count: order.productCount })}</span>
          <span>{formatMoney(order.totalAmount, order.currency, i18n.language)}</span>
          {order.source === RESNAP_SOURCE && <span>{t('list.source', { source: t('list.reorder') })}</span>}
        </p>
      </div>
      <OrderStatusBadge status={order.status} holdup={order.holdup} />
    </li>
  );
}
