import { isOrderInProgress, type SuperOrderList } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useOrders } from '../api/get-orders';
import { OrderList } from '../components/order-list';
import { useLiveOrderStatus } from '../lib/use-live-order-status';
import styles from './orders-page.module.css';

/** What the router hands the list: its first page, asked for while the screen's code and texts loaded. */
export interface OrdersLoaderData {
  firstPage: Promise<SuperOrderList>;
}

/** /orders: the customer's orders in two lists, in progress and history (spec §2.4, §9), newest first. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const loaded = useLoaderData<OrdersLoaderData | null>();
  const query = useOrders(loaded?.firstPage);
  useLiveOrderStatus();
  const retry = (
    <button type="button" className={buttonClass.secondary} onClick={() => void query.refetch()}>
      {t('list.retry')}
    </button>
  );

  if (query.isPending) return <Spinner label={t('list.loading')} />;
  if (!query.orders) {
    return (
      <div className={styles.message} role="alert">
        <p>{t('list.loadError')}</p>
        {retry}
      </div>
    );
  }
  if (query.orders.length === 0 && !query.hasNextPage) {
    return (
      <div className={styles.message}>
        <p className={styles.emptyTitle}>{t('list.empty')}</p>
        <p>{t('list.emptyHint')}</p>
      </div>
    );
  }
  const now = Date.now();
  const inProgress = query.orders.filter((order) => isOrderInProgress(order, now));
  const history = query.orders.filter((order) => !isOrderInProgress(order, now));
  return (
    <div className={styles.page}>
      <OrderList title={t('list.inProgress')} orders={inProgress} emptyText={t('list.noneInProgress')} />
      <OrderList title={t('list.history')} orders={history} emptyText={t('list.noneInHistory')} />
      {query.isError ? (
        <div className={styles.message} role="alert">
          <p>{t('list.loadMoreError')}</p>
          {retry}
        </div>
      ) : (
        query.hasNextPage && <Spinner label={t('list.loadingMore')} />
      )}
    </div>
  );
}
