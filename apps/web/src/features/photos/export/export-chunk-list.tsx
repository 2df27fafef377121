import { exportChunkFileName, type ExportChunk } from '@shoebox/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { formatBytes } from '../../../lib/format-bytes';
import { isHttpStatus } from '../../../lib/http/errors';
import { saveFromLink } from '../../../lib/save-from-link';
import { useServices } from '../../../lib/services';
import { useExportChunkUrl } from '../api/get-export-chunk-url';
import styles from './export-page.module.css';

export interface ExportChunkListProps {
  backupId: string;
  chunks: ExportChunk[];
  /** A chunk's link answered 404: the export expired while the page was open. */
  onExpired: () => void;
}

/** The export's zip chunks in order, each 'My Photos export (N of total)' with its size and 'Download .zip'. */
export function ExportChunkList({ backupId, chunks, onExpired }: ExportChunkListProps) {
  const { t } = useTranslation('exports');
  const ordered = [...chunks].sort((a, b) => a.iteration - b.iteration);
  return (
    <ol className={styles.chunks} aria-label={t('page.listLabel')}>
      {ordered.map((chunk) => (
        <ChunkRow key={chunk.id} backupId={backupId} chunk={chunk} total={ordered.length} onExpired={onExpired} />
      ))}
    </ol>
  );
}

function ChunkRow({ backupId, chunk, total, onExpired }: { backupId: string; chunk: ExportChunk; total: number; onExpired: () => void }) {
  const { t } = useTranslation('exports');
  const { locale } = useServices();
  const link = useExportChunkUrl(backupId);
  const [failed, setFailed] = useState(false);
  const nameId = useId();
  const errorId = useId();

  const download = () => {
    setFailed(false);
    link.mutate(chunk.id, {
      // A chunk can be gigabytes: the browser fetches and saves it itself (the link answers as an attachment).
      onSuccess: ({ url }) => saveFromLink(url, exportChunkFileName(chunk.iteration, total)),
      onError: (error) => (isHttpStatus(error, 404) ? onExpired() : setFailed(true)),
    });
  };

  return (
    <li className={styles.chunk}>
      <span className={styles.zipIcon} aria-hidden="true">
        ZIP
      </span>
      <div className={styles.chunkText}>
        <span id={nameId} className={styles.chunkName}>
          {t('page.chunk', { n: chunk.iteration, total })}
        </span>
        <span className={styles.chunkSize}>{formatBytes(chunk.size, locale)}</span>
        {failed && (
          <span id={errorId} role="alert" className={styles.chunkError}>
            {t('page.downloadFailed')}
          </span>
        )}
      </div>
      <button
        type="button"
        className={buttonClass.primary}
        aria-describedby={failed ? `${nameId} ${errorId}` : nameId}
        disabled={link.isPending}
        onClick={download}
      >
        {link.isPending ? t('page.downloading') : t('page.download')}
      </button>
    </li>
  );
}
