import { HISTORICAL_INVOICES_MAX_PAGE, HISTORICAL_INVOICES_PAGE_SIZE } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyListNotice, ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import { useHistoricalInvoices } from '../api/get-historical-invoices';
import { InvoiceRow } from '../components/invoice-row';
import styles from './invoices-page.module.css';

/** The page in the address (?page=), so Back and a shared address return to it; anything else reads as the first. */
function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page') ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= HISTORICAL_INVOICES_MAX_PAGE ? page : 1;
}

/** /invoices (business, spec §2.5): the customer's invoices, newest first, in pages of 10, each opening as a PDF. */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search);
  const invoices = useHistoricalInvoices(page);
  const pages = Math.max(1, Math.ceil((invoices.data?.total ?? 0) / HISTORICAL_INVOICES_PAGE_SIZE));
  const goTo = (next: number) => setSearch(next === 1 ? {} : { page: String(next) });

  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('page.intro')}</p>
      {invoices.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : invoices.isError ? (
        <ListLoadError message={t('page.loadError')} retryLabel={t('page.retry')} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.total === 0 ? (
        <EmptyListNotice title={t('page.empty')} hint={t('page.emptyHint')} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('page.listLabel')} aria-busy={invoices.isPlaceholderData || undefined}>
            {invoices.data.historicalInvoices.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
          {invoices.data.historicalInvoices.length === 0 && <p className={styles.message}>{t('page.pastLastPage')}</p>}
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('pages.label')}>
              <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('pages.previous')}
              </button>
              <span aria-live="polite">{t('pages.current', { page, pages })}</span>
              <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => goTo(page + 1)}>
                {t('pages.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
