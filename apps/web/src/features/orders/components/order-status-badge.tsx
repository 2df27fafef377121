import { customerOrderStatus, type OrderStatus } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import styles from './order-status-badge.module.css';

/** The status as the customer knows it (spec §3), written out, so the colour is never the only sign. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  const shown = customerOrderStatus(status);
  return <span className={`${styles.badge} ${shown === 'Cancelled' ? styles.red : styles.cyan}`}>{t(`status.${shown}`)}</span>;
}
