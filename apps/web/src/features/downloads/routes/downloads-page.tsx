import { isArchiveMessage } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyListNotice, ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { usePushMessages } from '../../../lib/push/use-push-messages';
import { useDownloads } from '../api/get-downloads';
import { downloadKeys } from '../api/query-keys';
import { DownloadRow } from '../components/download-row';
import styles from './downloads-page.module.css';
import { AppToaster } from '../../../components/ui/toaster';

/**
 * /downloads: every archive of the customer, newest first, with its name, photo count, size, state and date,
 * and Download while it is ready. While the page is open the push channel keeps it current: an archive
 * asked for in another tab shows, and changes state, without a reload.
 */
export function DownloadsPage() {
  const { t } = useTranslation('downloads');
  const downloads = useDownloads();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: downloadKeys.list() });
  // A message tells which archive changed, not how: the list is read again. So is it each time the channel
  // (re)connects, for any change that happened while it was not listening.
  usePushMessages({ onMessage: (message) => isArchiveMessage(message) && refresh(), onAuthenticated: refresh });

  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('page.intro')}</p>
      {downloads.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : downloads.isError ? (
        <ListLoadError message={t('page.loadError')} retryLabel={t('page.retry')} onRetry={() => void downloads.refetch()} />
      ) : downloads.data.length === 0 ? (
        <EmptyListNotice
          title={t('page.empty')}
          hint={t('page.emptyHint')}
          action={
            <Link className={buttonClass.primary} to={paths.photos}>
              {t('page.goToPhotos')}
            </Link>
          }
        />
      ) : (
        <ul className={styles.list} aria-label={t('page.listLabel')}>
          {downloads.data.map((item) => (
            <DownloadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <AppToaster />
    </div>
  );
}
