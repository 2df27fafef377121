import type { OwnAlbum, SharedAlbum } from '@shoebox/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/photo-dates';
import { thumbnailUrl } from '../../lib/thumbnails';
import styles from './albums-page.module.css';

interface AlbumCardProps {
  album: OwnAlbum | SharedAlbum;
  /** Where the card leads: the album, or the shared-album route for a shared one. */
  href: string;
  /** A line under the name, e.g. 'Shared by …'. */
  detail?: string;
  /** A small label on the cover, e.g. 'Shared'. */
  badge?: string;
}

/**
 * An album of the albums list: its cover (the 300 thumbnail, or a no-cover look), its name, its photo count
 * and 'Created {date}'. The name is the link (so its accessible name is the album's name), and the link
 * covers the whole card.
 */
export function AlbumCard({ album, href, detail, badge }: AlbumCardProps) {
  const { t } = useTranslation('albums');
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = album.coverPhoto && !coverFailed ? album.coverPhoto : undefined;
  return (
    <div className={styles.card}>
      <div className={styles.cover}>
        {cover ? (
          <img className={styles.coverImage} src={thumbnailUrl(cover, 300)} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setCoverFailed(true)} />
        ) : (
          <span className={styles.noCover} aria-hidden="true">
            <span className={styles.noCoverIcon} />
            <span className={styles.noCoverText}>{t('list.noCover')}</span>
          </span>
        )}
        {badge && <span className={styles.badge}>{badge}</span>}
      </div>
      <div className={styles.cardText}>
        <h3 className={styles.name}>
          <Link to={href} className={styles.cardLink}>
            {album.albumName}
          </Link>
        </h3>
        {detail && <p className={styles.meta}>{detail}</p>}
        <p className={styles.meta}>{t('list.photoCount', { count: album.photosCount })}</p>
        <p className={styles.meta}>{t('list.created', { date: formatDate(new Date(album.created), t('list.dateFormat')) })}</p>
      </div>
    </div>
  );
}
