import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { Spinner } from '../../../components/ui/spinner';
import { isHttpStatus } from '../../../lib/http/errors';
import { paths } from '../../../lib/paths';
import { useOrder } from '../api/get-order';
import { AddressBlock } from '../components/address-block';
import { DeliveryAddress } from '../components/delivery-address';
import { DeliveryDates } from '../components/delivery-dates';
import { OrderPhotos } from '../components/order-photos';
import { OrderProducts } from '../components/order-products';
import { OrderStatusBadge } from '../components/order-status-badge';
import { ParcelTracking } from '../components/parcel-tracking';
import { ReorderPanel } from '../components/reorder-panel';
import { formatDate, formatMoney } from '../lib/format';
import { sourceName } from '../lib/product-names';
import { useLiveOrderStatus } from '../lib/use-live-order-status';
import styles from '../components/order-details.module.css';

/**
 * /orders/{orderCode}: the order's status, products, delivery (with the address change while it is allowed),
 * expected dates and reorder. Its status follows fulfilment live through the push channel.
 */
export function OrderDetailsPage() {
  const { orderCode = '' } = useParams();
  const { t, i18n } = useTranslation('orders');
  const order = useOrder(orderCode);
  const catalogue = useCatalogue(i18n.language);
  const summaryId = useId();
  const deliveryId = useId();
  useLiveOrderStatus(orderCode);
  const back = (
    <Link className={styles.back} to={paths.orders}>
      {t('details.backToOrders')}
    </Link>
  );

  if (order.isPending) return <Spinner label={t('details.loading')} />;
  if (order.isError) {
    const notFound = isHttpStatus(order.error, 404);
    return (
      <div className={styles.message}>
        {notFound ? <h2 className={styles.heading}>{t('details.notFound')}</h2> : <p role="alert">{t('details.loadError')}</p>}
        {notFound && <p>{t('details.notFoundHint')}</p>}
        {back}
      </div>
    );
  }

  const { data } = order;
  const source = sourceName(catalogue, data, t('list.reorder'));
  return (
    <div className={styles.page}>
      {back}
      <section className={styles.card} aria-labelledby={summaryId}>
        <h2 id={summaryId} className={styles.heading}>
          {t('details.orderCode', { code: data.orderCode })}
        </h2>
        <p className={styles.status} aria-live="polite">
          <span>{t('details.status')}</span>
          <OrderStatusBadge status={data.status} holdup={data.holdup} />
        </p>
        {data.holdup && <p>{t(`holdup.${data.holdup}Note`)}</p>}
        <p className={styles.meta}>
          <span>{t('details.orderedOn', { date: formatDate(data.createdAt) })}</span>
          <span>{t('list.productCount', { count: data.productCount })}</span>
          {source !== undefined && <span>{t('list.source', { source })}</span>}
          <span>{t('details.total', { amount: formatMoney(data.totalAmount, data.currency, i18n.language) })}</span>
        </p>
      </section>
      <OrderProducts order={data} />
      <OrderPhotos orderCode={data.orderCode} />
      <section className={styles.card} aria-labelledby={deliveryId}>
        <h2 id={deliveryId} className={styles.heading}>
          {t('details.delivery')}
        </h2>
        <p>{t(`details.deliveryType.${data.deliveryType}`)}</p>
        {data.status === 'Dispatched' && data.tracking ? <ParcelTracking tracking={data.tracking} /> : <DeliveryDates orderCode={data.orderCode} />}
        <div className={styles.columns}>
          {data.pickupPoint && (
            <div className={styles.section}>
              <h3 className={styles.subheading}>{t('details.pickupPoint')}</h3>
              <p>{data.pickupPoint.name}</p>
              <AddressBlock address={data.pickupPoint.address} className={styles.address} />
            </div>
          )}
          <DeliveryAddress order={data} />
        </div>
      </section>
      <ReorderPanel order={data} />
    </div>
  );
}
