import type { SuperOrder } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from './order-status-badge';
import { VoucherInfo } from './voucher-info';
import styles from './order-details.module.css';

/** The products (sub-orders) of an order, each with its code, quantity, status and voucher. */
export function OrderProducts({ order }: { order: SuperOrder }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('details.products')} <span className={styles.count}>({t('list.productCount', { count: order.productCount })})</span>
      </h2>
      <ul className={styles.products} aria-labelledby={headingId}>
        {order.products.map((product) => (
          <li key={product.code} className={styles.product} aria-label={product.title}>
            <div className={styles.productMain}>
              <h3 className={styles.subheading}>{product.title}</h3>
              <p className={styles.meta}>
                <span>{t('details.productCode', { code: product.code })}</span>
                <span>{t('details.quantity', { count: product.quantity })}</span>
              </p>
              {product.voucher !== null && <VoucherInfo code={product.voucher} details={product.voucherDetails} currency={order.currency} />}
            </div>
            <OrderStatusBadge status={product.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
