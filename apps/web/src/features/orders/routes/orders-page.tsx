import { isOrderInProgress, type SuperOrderList } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { EmptyListNotice, ListLoadError } from '../../../components/ui/list-notices';
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
  const retry = () => void query.refetch();

  if (query.isPending) return <Spinner label={t('list.loading')} />;
  if (!query.orders) {
    return <ListLoadError message={t('list.loadError')} retryLabel={t('list.retry')} onRetry={retry} />;
  }
  if (query.orders.length === 0 && !query.hasNextPage) {
    return <EmptyListNotice title={t('list.empty')} hint={t('list.emptyHint')} />;
  }
  const now = Date.now();
  const inProgress = query.orders.filter((order) => isOrderInProgress(order, now));
  const history = query.orders.filter((order) => !isOrderInProgress(order, now));
  return (
    <div className={styles.page}>
      <OrderList title={t('list.inProgress')} orders={inProgress} emptyText={t('list.noneInProgress')} />
      <OrderList title={t('list.history')} orders={history} emptyText={t('list.noneInHistory')} />
      {query.isError ? (
        <ListLoadError message={t('list.loadMoreError')} retryLabel={t('list.retry')} onRetry={retry} />
      ) : (
        query.hasNextPage && <Spinner label={t('list.loadingMore')} />
      )}
    </div>
  );
}
