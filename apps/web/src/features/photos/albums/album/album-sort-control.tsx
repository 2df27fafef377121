import { sortKeySchema, sortOrderSchema, type SortOptions } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './album-page.module.css';

/** The album's sort: date added (created) or date taken, newest or oldest first. */
export function AlbumSortControl({ sort, onChange }: { sort: SortOptions; onChange: (next: SortOptions) => void }) {
  const { t } = useTranslation('albums');
  const { t: tPhotos } = useTranslation('photos');
  const keyId = useId();
  const orderId = useId();
  return (
    <>
      <div className={styles.control}>
        <label htmlFor={keyId} className={styles.controlLabel}>
          {tPhotos('controls.sortBy')}
        </label>
        <select id={keyId} className={styles.select} value={sort.sortKey} onChange={(e) => onChange({ ...sort, sortKey: sortKeySchema.parse(e.target.value) })}>
          <option value="created">{t('album.sortDateAdded')}</option>
          <option value="dateTaken">{t('album.sortDateTaken')}</option>
        </select>
      </div>
      <div className={styles.control}>
        <label htmlFor={orderId} className={styles.controlLabel}>
          {tPhotos('controls.order')}
        </label>
        <select id={orderId} className={styles.select} value={sort.sortOrder} onChange={(e) => onChange({ ...sort, sortOrder: sortOrderSchema.parse(e.target.value) })}>
          <option value="desc">{tPhotos('controls.desc')}</option>
          <option value="asc">{tPhotos('controls.asc')}</option>
        </select>
      </div>
    </>
  );
}
