import type { BookPage, BookPhoto } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sizesOf, srcSetOf } from '../lib/book-photo';
import styles from './book-page.module.css';

/** Where a page lies in what is shown: the left or right of a spread, or alone on a phone. */
export type PageSide = 'left' | 'right' | 'single';

/**
 * How a page's photos share it: one fills the page, two landscape photos are stacked, two upright ones stand side
 * by side, more make a grid of two columns.
 */
function layoutOf(photos: BookPhoto[]): { layout: 'single' | 'column' | 'row' | 'grid'; fraction: number } {
  if (photos.length <= 1) return { layout: 'single', fraction: 1 };
  if (photos.length === 2) return photos.every((p) => p.width >= p.height) ? { layout: 'column', fraction: 1 } : { layout: 'row', fraction: 0.5 };
  return { layout: 'grid', fraction: 0.5 };
}

/** One printed page of the book: its photos as they are laid out on the paper, its caption and its number. */
export function BookPageSheet({ page, number, side }: { page: BookPage; number: number; side: PageSide }) {
  const { t } = useTranslation('widgets');
  const id = useId();
  const heading = t('shared.page', { page: number });
  const label = page.caption ?? heading;
  const { layout, fraction } = layoutOf(page.photos);
  return (
    <section className={styles.page} data-side={side} aria-labelledby={id}>
      {/* First for whoever reads the page in order; drawn at its foot like a printed page number. */}
      <h2 id={id} className={styles.folio}>
        <span aria-hidden="true">{number}</span>
        <span className="visually-hidden">{heading}</span>
      </h2>
      {page.photos.length === 0 ? (
        <p className={styles.empty}>{t('shared.emptyPage')}</p>
      ) : (
        <div className={styles.photos} data-layout={layout}>
          {page.photos.map((photo, n) => (
            <div key={`${photo.url}-${n}`} className={styles.cell}>
              <img
                loading="lazy"
                decoding="async"
                sizes={sizesOf(fraction)}
                srcSet={srcSetOf(photo)}
                src={photo.url}
                width={photo.width}
                height={photo.height}
                alt={t('shared.photoAlt', { label, n: n + 1, count: page.photos.length })}
              />
            </div>
          ))}
        </div>
      )}
      {page.caption && <p className={styles.caption}>{page.caption}</p>}
    </section>
  );
}
