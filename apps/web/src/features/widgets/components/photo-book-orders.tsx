import type { AccountOrderList } from '@shoebox/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { paths } from '../../../lib/paths';
import { usePhotoBookOrders } from '../api/get-photo-book-orders';
import styles from './photo-book-orders.module.css';

/**
 * The photo books the customer ordered, newest first: each named in the page's language, with the day it was
 * ordered and the way to its order. Beside the online books, so a printed book is found from where books are
 * kept; more than a page of them leads to the orders. Nothing when they never ordered one.
 */
export function PhotoBookOrders() {
  const { t } = useTranslation('widgets');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const orders = usePhotoBookOrders(identity.customerId);
  const headingId = useId();

  if (orders.isSuccess && orders.data.total === 0) return null;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('orders.heading')}
      </h2>
      {orders.isPending ? (
        <Spinner label={t('orders.loading')} />
      ) : orders.isError ? (
        <ListLoadError message={t('orders.loadError')} retryLabel={t('orders.retry')} onRetry={() => void orders.refetch()} />
      ) : (
        <OrderedBooks list={orders.data} labelledBy={headingId} />
      )}
    </section>
  );
}

function OrderedBooks({ list, labelledBy }: { list: AccountOrderList; labelledBy: string }) {
  const { t, i18n } = useTranslation('widgets');
  const dates = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }), [i18n.language]);
  const catalogue = useCatalogue(i18n.language);
  return (
    <>
      <ul className={styles.list} aria-labelledby={labelledBy}>
        {list.items.map((item) => {
          const title = catalogue.title(item.articleName, t('orders.fallbackTitle'));
          const date = dates.format(new Date(item.createdAt));
          return (
            <li key={item.id} className={styles.item}>
              <span className={styles.title}>{title}</span>
              <span className={styles.date}>{t('orders.orderedOn', { date })}</span>
              <Link className={styles.link} to={paths.order(item.orderCode)} aria-label={t('orders.viewNamed', { title, date })}>
                {t('orders.view')}
              </Link>
            </li>
          );
        })}
      </ul>
      {list.total > list.items.length && (
        <Link className={styles.all} to={paths.orders}>
          {t('orders.all', { count: list.total })}
        </Link>
      )}
    </>
  );
}
