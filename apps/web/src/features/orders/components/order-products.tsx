import type { SuperOrder } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { ProductPicture } from '../../../components/product-picture/product-picture';
import { formatMoney } from '../lib/format';
import { productName } from '../lib/product-names';
import { OrderStatusBadge } from './order-status-badge';
import { ProductPrintFile } from './product-print-file';
import { VoucherInfo } from './voucher-info';
import styles from './order-details.module.css';

/**
 * The products (sub-orders) of an order: each with its picture, name in the page's language, quantity, price,
 * voucher and status, then the order's total. The order's photo stands for its product when it has only one;
 * products of a larger order show what kind of product they are.
 */
export function OrderProducts({ order }: { order: SuperOrder }) {
  const { t, i18n } = useTranslation('orders');
  const headingId = useId();
  const catalogue = useCatalogue(i18n.language);
  const money = (amount: number) => formatMoney(amount, order.currency, i18n.language);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('details.products')} <span className={styles.count}>({t('list.productCount', { count: order.productCount })})</span>
      </h2>
      <ul className={styles.products} aria-labelledby={headingId}>
        {order.products.map((product) => {
          const name = productName(catalogue, product);
          return (
            <li key={product.code} className={styles.product} aria-label={name}>
              <ProductPicture photo={order.products.length === 1 ? order.picture : null} kind={catalogue.kind(product.articleName)} size="small" />
              <div className={styles.productMain}>
                <h3 className={styles.subheading}>{name}</h3>
                <p className={styles.meta}>
                  <span>{t('details.quantity', { count: product.quantity })}</span>
                  <span>{t('details.linePrice', { amount: money(product.priceAmount) })}</span>
                  <span>{t('details.productCode', { code: product.code })}</span>
                </p>
                {product.voucher !== null && <VoucherInfo code={product.voucher} details={product.voucherDetails} currency={order.currency} />}
                <ProductPrintFile product={product} name={name} />
              </div>
              <OrderStatusBadge status={product.status} />
            </li>
          );
        })}
      </ul>
      <p className={styles.total}>{t('details.total', { amount: money(order.totalAmount) })}</p>
    </section>
  );
}
