import { ARCHIVE_ERROR_TOAST_MS, type DownloadItem, type DownloadState } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { formatBytes } from '../../../lib/format-bytes';
import { useDownloadUrl } from '../api/get-download-url';
import { downloadKeys } from '../api/query-keys';
import { useLinkRefusalText } from '../lib/link-refusal';
import { saveArchive } from '../lib/save-archive';
import styles from './download-row.module.css';

/** A ready archive whose expiry has passed while the page was open reads as expired, as the server would now say. */
const shownState = (item: DownloadItem, now: number): DownloadState =>
  item.state === 'ready' && item.expires !== null && Date.parse(item.expires) <= now ? 'expired' : item.state;

/** One archive on the downloads page: name, photo count, size, when it was asked for, its state, and Download while ready. */
export function DownloadRow({ item }: { item: DownloadItem }) {
  const { t, i18n } = useTranslation('downloads');
  const queryClient = useQueryClient();
  const link = useDownloadUrl();
  const linkRefusalText = useLinkRefusalText();
  const nameId = useId();
  const state = shownState(item, Date.now());
  const name = item.name ?? t('page.defaultName', { count: item.photosCount });
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  // Failure codes come from the server; an unknown one reads as the generic reason.
  const reason = (code: string | null) => t([`reasons.${code ?? 'unknown'}`, 'reasons.unknown'] as unknown as 'reasons.unknown');

  const save = () =>
    link.mutate(item.id, {
      onSuccess: (url) => saveArchive(url, item.id),
      onError: (error) => {
        toast.error(linkRefusalText(error), { duration: ARCHIVE_ERROR_TOAST_MS });
        // The archive may have lapsed since the list was read.
        void queryClient.invalidateQueries({ queryKey: downloadKeys.list() });
      },
    });

  return (
    <li className={styles.row} aria-labelledby={nameId}>
      <div className={styles.details}>
        <h2 id={nameId} className={styles.name}>
          {name}
        </h2>
        <p className={styles.meta}>
          {/* An unnamed archive is already called by its photo count. */}
          {item.name !== null && <span>{t('page.photoCount', { count: item.photosCount })}</span>}
          {item.size !== null && <span>{formatBytes(item.size, i18n.language)}</span>}
          <span>{t('page.requested', { date: date(item.created) })}</span>
        </p>
        <p className={styles.status}>
          <span className={`${styles.state} ${styles[state]}`}>{t(`state.${state}`)}</span>
          {state === 'ready' && item.expires && <span>{t('page.availableUntil', { date: date(item.expires) })}</span>}
          {state === 'failed' && <span>{reason(item.error)}</span>}
        </p>
      </div>
      {state === 'ready' && (
        <button
          type="button"
          className={`${buttonClass.primary} ${styles.download}`}
          aria-label={t('page.downloadNamed', { name })}
          aria-disabled={link.isPending || undefined}
          onClick={() => {
            if (!link.isPending) save();
          }}
        >
          {link.isPending ? t('page.downloading') : t('page.download')}
        </button>
      )}
    </li>
  );
}
