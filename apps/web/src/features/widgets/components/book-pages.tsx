import type { BookPage } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './book-pages.module.css';

/** A book's pages in order, each with its caption and its photos in a grid that follows the screen's width. */
export function BookPages({ pages }: { pages: BookPage[] }) {
  const { t } = useTranslation('widgets');
  const id = useId();
  return (
    <div className={styles.pages}>
      {pages.map((page, index) => {
        const heading = t('shared.page', { page: index + 1 });
        const label = page.caption ?? heading;
        return (
          <section key={index} className={styles.page} aria-labelledby={`${id}-${index}`}>
            <h2 id={`${id}-${index}`} className={styles.heading}>
              {heading}
            </h2>
            {page.caption && <p className={styles.caption}>{page.caption}</p>}
            {page.photos.length === 0 ? (
              <p className={styles.caption}>{t('shared.emptyPage')}</p>
            ) : (
              <div className={styles.photos}>
                {page.photos.map((photo, n) => (
                  <img
                    key={`${photo.url}-${n}`}
                    src={photo.url}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    decoding="async"
                    alt={t('shared.photoAlt', { label, n: n + 1, count: page.photos.length })}
                  />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
