import type { SuperOrder } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate } from '../lib/format';
import { OrderStatusBadge } from './order-status-badge';
import styles from './order-row.module.css';

/** One order in a list: its code (the link to its details), date, product count, source and status. */
export function OrderRow({ order }: { order: SuperOrder }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  return (
    <li className={styles.row} aria-labelledby={headingId}>
      <div className={styles.main}>
        <h3 id={headingId} className={styles.code}>
          <Link to={paths.order(order.orderCode)}>{t('list.orderCode', { code: order.orderCode })}</Link>
        </h3>
        <p className={styles.meta}>
          <span>{t('list.orderedOn', { date: formatDate(order.createdAt) })}</span>
          <span>{t('list.productCount', { count: order.productCount })}</span>
          <span>{t('list.source', { source: order.source })}</span>
        </p>
      </div>
      <OrderStatusBadge status={order.status} />
    </li>
  );
}
