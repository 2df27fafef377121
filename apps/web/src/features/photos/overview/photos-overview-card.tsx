import { STORAGE_PERIOD_MONTHS, storageOutlook, THUMBNAIL_SIZES } from '@shoebox/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExperiment } from '../../../api/customer/get-experiments';
import { usePublicConfiguration } from '../../../api/storefront/get-public-configuration';
import { buttonClass } from '../../../components/ui/button';
import { NavButton } from '../../../components/ui/nav-button';
import { paths } from '../../../lib/paths';
import { useDeletionInfo } from '../api/get-deletion-info';
import { useRecentPhotos } from '../api/get-recent-photos';
import { photoPaths } from '../paths';
import { storageMessage } from '../storage-status/lib/storage-messages';
import styles from './photos-overview-card.module.css';

/**
 * The Overview's photos: how long they are kept (a warning or critical state in its tone, with the way to
 * keep them), the newest uploads, and where to go next: the library, or adding the first photos.
 */
export default function PhotosOverviewCard() {
  const { t } = useTranslation('storage');
  const { t: tUpload } = useTranslation('upload');
  const { t: tApp } = useTranslation();
  const headingId = useId();
  const { routes } = usePublicConfiguration();
  const info = useDeletionInfo();
  // The newest photos: one row on a wide screen, or two for customers in that A/B test (decision 110).
  const recentCount = useExperiment('overview-recent-photos');
  const recent = useRecentPhotos(recentCount);
  const outlook = useMemo(() => (info.data ? storageOutlook(info.data.projectedDeletionDate, new Date()) : undefined), [info.data]);
  const photos = recent.data ?? [];
  // An empty library has nothing to keep: its storage status would only puzzle.
  const message = outlook && photos.length > 0 ? storageMessage(outlook) : undefined;
  const atRisk = message !== undefined && message.key !== 'safe';

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {tApp('menu.photos')}
        </h2>
        <Link to={paths.photos}>{tApp('overview.allPhotos')}</Link>
      </div>
      {message && (
        <p className={`${styles.storage} ${atRisk ? styles[message.key === 'warning' ? 'warning' : 'critical'] : ''}`} role={atRisk ? 'status' : undefined}>
          {'count' in message ? t(`title.${message.key}`, { count: message.count }) : t(`title.${message.key}`)}
        </p>
      )}
      {atRisk && (
        <p className={styles.keep}>
          {t('keepBody', { months: STORAGE_PERIOD_MONTHS })}{' '}
          <NavButton variant="primary" href={routes.products}>
            {t('shop')}
          </NavButton>
        </p>
      )}
      {photos.length > 0 ? (
        <ul className={styles.photos} aria-label={tApp('overview.recentPhotos')}>
          {photos.map((photo) => {
            const thumbnail = photo.thumbnails.find((th) => th.width >= THUMBNAIL_SIZES[0]) ?? photo.thumbnails[0];
            return (
              <li key={photo.imageId}>
                <Link to={photoPaths.preview(photo.imageId)} className={styles.photo}>
                  <img src={thumbnail?.url ?? photo.url} alt={photo.localFileName} width={thumbnail?.width} height={thumbnail?.height} loading="lazy" decoding="async" />
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        recent.isSuccess && (
          <p className={styles.empty}>
            {tApp('overview.noPhotos')}{' '}
            <Link className={buttonClass.primary} to={paths.photos}>
              {tUpload('addPhotos')}
            </Link>
          </p>
        )
      )}
    </section>
  );
}
