import { WIDGETS_PAGE_SIZE } from '@shoebox/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyListNotice, ListLoadError } from '../../../components/ui/list-notices';
import { Pager, usePageParam, usePages } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useWidgetsPage } from '../api/get-widgets-page';
import { PhotoBookOrders } from '../components/photo-book-orders';
import { WidgetCard } from '../components/widget-card';
import styles from './widgets-page.module.css';

const hrefOf = (page: number) => (page === 1 ? paths.widgets : `${paths.widgets}?page=${page}`);

/** /online-products (spec §2.8, consumers only): the customer's photo books, newest first, a page at a time. */
export function WidgetsPage() {
  const { t } = useTranslation('widgets');
  const page = usePageParam();
  const widgets = useWidgetsPage(page);
  const [announcement, setAnnouncement] = useState('');
  const total = widgets.data?.total ?? 0;
  const { pages, shownPage } = usePages(page, total, WIDGETS_PAGE_SIZE, widgets.isSuccess && !widgets.isPlaceholderData);

  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('list.intro')}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {widgets.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : widgets.isError ? (
        <ListLoadError message={t('list.loadError')} retryLabel={t('list.retry')} onRetry={() => void widgets.refetch()} />
      ) : total === 0 ? (
        <EmptyListNotice
          title={t('list.empty')}
          hint={t('list.emptyHint')}
          action={
            <Link className={buttonClass.primary} to={paths.photos}>
              {t('list.goToPhotos')}
            </Link>
          }
        />
      ) : (
        <>
          <p className={styles.count}>{t('list.total', { count: total })}</p>
          <ul className={styles.list} aria-label={t('list.label')}>
            {widgets.data.items.map((widget) => (
              <WidgetCard key={widget.widgetId} widget={widget} onDeleted={(title) => setAnnouncement(t('list.deleted', { title }))} />
            ))}
          </ul>
          {pages > 1 && (
            <Pager
              page={shownPage}
              pages={pages}
              hrefOf={hrefOf}
              labels={{
                label: t('pager.label'),
                previous: t('pager.previous'),
                next: t('pager.next'),
                status: t('pager.status', { page: shownPage, pages }),
              }}
            />
          )}
        </>
      )}
      <PhotoBookOrders />
    </div>
  );
}
