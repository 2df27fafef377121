import { customerOrderStatus, type OrderHoldup, type OrderStatus } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import styles from './order-status-badge.module.css';

/**
 * The status as the customer knows it (spec §3), written out, so the colour is never the only sign; beside it,
 * what holds the order up (delayed, on hold) where anything does.
 */
export function OrderStatusBadge({ status, holdup = null }: { status: OrderStatus; holdup?: OrderHoldup | null }) {
  const { t } = useTranslation('orders');
  const shown = customerOrderStatus(status);
  return (
    <>
      <span className={`${styles.badge} ${shown === 'Cancelled' ? styles.red : styles.cyan}`}>{t(`status.${shown}`)}</span>
      {holdup && <span className={`${styles.badge} ${styles.amber}`}>{t(`holdup.${holdup}`)}</span>}
    </>
  );
}
