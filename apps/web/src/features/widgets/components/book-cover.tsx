import type { BookPhoto } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { sizesOf, srcSetOf } from '../lib/book-photo';
import styles from './book-cover.module.css';

/** The closed book: its cover photo on the board with its title under it (the page's heading already says it). */
export function BookCover({ title, cover }: { title: string; cover: BookPhoto | null }) {
  const { t } = useTranslation('widgets');
  return (
    <div className={styles.cover}>
      {cover && (
        <div className={styles.photo}>
          <img
            loading="lazy"
            decoding="async"
            sizes={sizesOf(0.86)}
            srcSet={srcSetOf(cover)}
            src={cover.url}
            width={cover.width}
            height={cover.height}
            alt={t('list.coverAlt', { title })}
          />
        </div>
      )}
      <p className={styles.title} aria-hidden="true">
        {title}
      </p>
    </div>
  );
}
