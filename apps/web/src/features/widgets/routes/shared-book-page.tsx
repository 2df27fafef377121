import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListLoadError } from '../../../components/ui/list-notices';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { isHttpStatus } from '../../../lib/http/errors';
import { useSharedBook } from '../api/get-shared-book';
import { BookViewer } from '../components/book-viewer';
import styles from './shared-book-page.module.css';

/**
 * {SHARED_BOOK_WEB_PATH}/{shareToken}: the book a customer shared, for whoever holds the link, without an
 * account, to leaf through as a book. A link past its days, revoked, of a deleted book or not one at all
 * answers 404 (a malformed one 400).
 */
export function SharedBookPage() {
  const { t, i18n } = useTranslation('widgets');
  const { shareToken = '' } = useParams();
  const book = useSharedBook(shareToken);

  if (book.isPending) return <Spinner label={t('shared.loading')} />;
  if (book.isError) {
    if (isHttpStatus(book.error, 404) || isHttpStatus(book.error, 400)) {
      return (
        <MessagePanel title={t('shared.gone')}>
          <p>{t('shared.goneHint')}</p>
        </MessagePanel>
      );
    }
    return <ListLoadError message={t('shared.loadError')} retryLabel={t('shared.retry')} onRetry={() => void book.refetch()} />;
  }
  const { title, senderName, personalMessage, cover, pages, expiresAt } = book.data;
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(expiresAt));
  return (
    <article className={styles.book} aria-labelledby="shared-book-title">
      <header className={styles.header}>
        <h1 id="shared-book-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.sender}>{t('shared.sharedBy', { name: senderName })}</p>
        {personalMessage.trim() !== '' && <blockquote className={styles.message}>{personalMessage}</blockquote>}
      </header>
      <BookViewer title={title} cover={cover} pages={pages} />
      <p className={styles.until}>{t('shared.validUntil', { date: until })}</p>
    </article>
  );
}
