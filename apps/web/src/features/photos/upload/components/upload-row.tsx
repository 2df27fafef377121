import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { formatBytes } from '../../../../lib/format-bytes';
import { useServerRefusalText } from '../../../../lib/http/server-refusal';
import type { ThumbnailStore } from '../lib/thumbnail-store';
import type { UploadError, UploadItem, UploadQueue } from '../lib/upload-queue';
import { UPLOAD_MAX_BYTES } from '@shoebox/contracts';
import styles from './upload-modal.module.css';
import { UploadThumbnail } from './upload-thumbnail';

function useErrorText() {
  const { t, i18n } = useTranslation('upload');
  const refusalText = useServerRefusalText('upload');
  return (error: UploadError) => {
    switch (error.kind) {
      case 'notAPhoto':
        return t('errors.notAPhoto');
      case 'tooLarge':
        return t('errors.tooLarge', { size: formatBytes(UPLOAD_MAX_BYTES, i18n.language) });
      case 'network':
        return t('errors.network');
      case 'server':
        return refusalText(error.refusal);
    }
  };
}

/** One file of the upload list: its thumbnail, name, size, progress, state or refusal, and what can be done with it. */
export const UploadRow = memo(function UploadRow({
  item,
  queue,
  thumbnails,
  disabled,
}: {
  item: UploadItem;
  queue: UploadQueue | null;
  thumbnails: ThumbnailStore;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('upload');
  const errorText = useErrorText();
  const percent = item.size > 0 ? Math.floor((item.bytesUploaded / item.size) * 100) : 0;
  const showsProgress = item.status !== 'ready' && item.status !== 'refused' && item.status !== 'cancelled';
  const failed = item.status === 'refused' || item.status === 'failed';

  let statusText: string;
  if (item.error) statusText = t('fileError', { fileName: item.name, message: errorText(item.error) });
  else if (item.status === 'ready') statusText = item.resumable ? t('status.resumable') : t('status.ready');
  else if (item.status === 'uploading' && item.retrying) statusText = t('status.retrying', { percent });
  else if (item.status === 'uploading') statusText = `${t('status.uploading')} ${percent}%`;
  else statusText = t(`status.${item.status}` as 'status.queued');

  return (
    <li className={`${styles.row} ${failed ? styles.rowFailed : ''}`} data-status={item.status}>
      <UploadThumbnail store={thumbnails} itemKey={item.key} file={item.file} name={item.name} />
      <div className={styles.rowBody}>
        <div className={styles.rowHead}>
          {item.status === 'uploaded' ? (
            <label className={styles.name}>
              <input
                type="checkbox"
                className={styles.checkbox}
                checked={item.selected}
                disabled={disabled}
                onChange={(event) => queue?.setSelected(item.key, event.currentTarget.checked)}
              />
              <span className={styles.fileName}>{item.name}</span>
            </label>
          ) : (
            <span className={`${styles.name} ${styles.fileName}`}>{item.name}</span>
          )}
          <span className={styles.size}>{formatBytes(item.size, i18n.language)}</span>
          {(item.status === 'ready' || item.status === 'refused' || (item.status === 'failed' && !disabled)) && (
            <button type="button" className={styles.linkButton} aria-label={t('remove', { fileName: item.name })} onClick={() => queue?.remove(item.key)}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {showsProgress && (
          <ProgressBar
            label={item.name}
            value={percent}
            valueText={t('progress', { percent, sent: formatBytes(item.bytesUploaded, i18n.language), size: formatBytes(item.size, i18n.language) })}
            tone={item.status === 'failed' ? 'error' : item.status === 'uploaded' || item.status === 'duplicate' ? 'success' : 'progress'}
          />
        )}
        <div className={styles.rowFoot}>
          <p className={failed ? styles.error : styles.state}>{statusText}</p>
          {item.status === 'failed' && (
            <button type="button" className={styles.linkButton} aria-label={t('retryLabel', { fileName: item.name })} onClick={() => queue?.retry(item.key)}>
              {t('retry')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
});
