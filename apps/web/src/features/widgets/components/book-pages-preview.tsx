import type { BookPage } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import { useServices } from '../../../lib/services';
import { useWidget } from '../api/get-widget';
import { srcSetOf } from '../lib/book-photo';
import styles from './book-pages-preview.module.css';

/** Pages shown on the share screen: enough to recognise the book by, not a second reader of it. */
export const PREVIEW_PAGES = 6;
/** How wide a page's picture is drawn (book-pages-preview.module.css), for the browser to pick its size. */
const TILE_SIZES = '112px';

/**
 * The first pages of the book being shared, each with its first photo and its caption, so the customer sees
 * which book they are about to send. A session the service no longer accepts (the book read as null) is said,
 * with the way back: signing in again returns to this screen.
 */
export function BookPagesPreview({ widgetId }: { widgetId: string }) {
  const { t } = useTranslation('widgets');
  const book = useWidget(widgetId);
  const { auth } = useServices();
  const location = useLocation();
  const headingId = useId();

  if (book.isSuccess && book.data?.pages.length === 0) return null;
  const pages = book.data?.pages ?? [];
  const more = pages.length - PREVIEW_PAGES;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('pages.heading')}
      </h2>
      {book.isPending ? (
        <Spinner label={t('pages.loading')} />
      ) : book.isError ? (
        <ListLoadError message={t('pages.loadError')} retryLabel={t('pages.retry')} onRetry={() => void book.refetch()} />
      ) : book.data === null ? (
        <div className={styles.signedOut}>
          <p>{t('pages.signedOut')}</p>
          <button type="button" className={buttonClass.secondary} onClick={() => void auth.signIn(`${location.pathname}${location.search}`)}>
            {t('pages.signIn')}
          </button>
        </div>
      ) : (
        <>
          <ol className={styles.pages} aria-labelledby={headingId}>
            {pages.slice(0, PREVIEW_PAGES).map((page, index) => (
              <PageTile key={index} page={page} number={index + 1} />
            ))}
          </ol>
          {more > 0 && <p className={styles.more}>{t('pages.more', { count: more })}</p>}
        </>
      )}
    </section>
  );
}

function PageTile({ page, number }: { page: BookPage; number: number }) {
  const { t } = useTranslation('widgets');
  const photo = page.photos[0];
  const name = t('pages.page', { number });
  return (
    <li className={styles.page} aria-label={page.caption ? `${name}: ${page.caption}` : name}>
      <div className={styles.picture}>
        {photo ? <img src={photo.url} srcSet={srcSetOf(photo)} sizes={TILE_SIZES} alt="" width={photo.width} height={photo.height} loading="lazy" decoding="async" /> : null}
      </div>
      <span className={styles.caption} aria-hidden="true">
        {page.caption ?? name}
      </span>
    </li>
  );
}
