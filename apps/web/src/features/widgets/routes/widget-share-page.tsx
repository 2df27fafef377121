import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useWidgetByProductCode } from '../api/get-widget-by-product-code';
import { BookPagesPreview } from '../components/book-pages-preview';
import { ShareForm } from '../components/share-form';
import { ShareLinks } from '../components/share-links';
import styles from './widget-share-page.module.css';

/** /online-products/{productCode} (spec §2.1, §2.8): share one book, and see or stop its open links; the code finds it, even when opened cold. */
export function WidgetSharePage() {
  const { t } = useTranslation('widgets');
  const { productCode = '' } = useParams();
  const widget = useWidgetByProductCode(productCode);

  return (
    <div className={styles.page}>
      {widget.isPending ? (
        <Spinner label={t('share.loading')} />
      ) : widget.isError ? (
        <ListLoadError message={t('share.loadError')} retryLabel={t('share.retry')} onRetry={() => void widget.refetch()} />
      ) : widget.data === null ? (
        <section className={styles.card}>
          <h2 className={styles.heading}>{t('share.notFound')}</h2>
          <p>{t('share.notFoundHint')}</p>
        </section>
      ) : (
        <>
          <section className={styles.card}>
            <ShareForm key={widget.data.widgetId} widget={widget.data} />
          </section>
          <BookPagesPreview widgetId={widget.data.widgetId} />
          <ShareLinks widgetId={widget.data.widgetId} />
        </>
      )}
      {!widget.isPending && (
        <Link className={styles.back} to={paths.widgets}>
          {t('share.back')}
        </Link>
      )}
    </div>
  );
}
