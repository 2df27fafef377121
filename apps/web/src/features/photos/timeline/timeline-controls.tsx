import { sortKeySchema, type SortOptions } from '@shoebox/contracts';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import type { GridLayout } from '../grid/grid-layout';
import { useSectionLabel } from '../grid/section-header';
import styles from './timeline.module.css';

interface TimelineControlsProps {
  layout: GridLayout | undefined;
  sort: SortOptions;
  onSortChange: (sort: SortOptions) => void;
  onJump: (sectionIndex: number) => void;
  selecting: boolean;
  onSelect: () => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The bar above the grid, sticky while scrolling: the sort (date taken or upload date, newest or oldest
 * first), a year and month jump that lands exactly on a month, and Select.
 */
export function TimelineControls({ layout, sort, onSortChange, onJump, selecting, onSelect, ref }: TimelineControlsProps) {
  const { t } = useTranslation('photos');
  const label = useSectionLabel();
  const sortId = useId();
  const jumpId = useId();
  const sections = layout?.sections ?? [];
  const years = [...new Set(sections.filter((s) => !s.unknown).map((s) => s.year))];

  return (
    <div ref={ref} className={styles.controls} role="group" aria-label={t('controls.label')}>
      <div className={styles.control}>
        <label htmlFor={sortId} className={styles.controlLabel}>
          {t('controls.sortBy')}
        </label>
        <Tooltip content={sort.sortKey === 'created' ? t('controls.sortByUploadDate') : t('controls.sortByDateTaken')} placement="bottom">
          <select
            id={sortId}
            className={styles.select}
            value={sort.sortKey}
            onChange={(event) => onSortChange({ ...sort, sortKey: sortKeySchema.parse(event.target.value) })}
          >
            <option value="dateTaken">{t('controls.dateTaken')}</option>
            <option value="created">{t('controls.uploadDate')}</option>
          </select>
        </Tooltip>
      </div>
      <button
        type="button"
        className={styles.controlButton}
        onClick={() => onSortChange({ ...sort, sortOrder: sort.sortOrder === 'desc' ? 'asc' : 'desc' })}
      >
        <span className={sort.sortOrder === 'desc' ? styles.arrowDown : styles.arrowUp} aria-hidden="true" />
        <span className="visually-hidden">{t('controls.order')}:</span>{' '}
        {sort.sortOrder === 'desc' ? t('controls.desc') : t('controls.asc')}
      </button>
      {sections.length > 1 && (
        <div className={styles.control}>
          <label htmlFor={jumpId} className={styles.controlLabel}>
            {t('controls.jumpTo')}
          </label>
          <select
            id={jumpId}
            className={styles.select}
            value=""
            onChange={(event) => {
              const index = Number(event.target.value);
              if (Number.isInteger(index)) onJump(index);
            }}
          >
            <option value="" disabled>
              {t('controls.jumpToPlaceholder')}
            </option>
            {years.map((year) => (
              <optgroup key={year} label={String(year)}>
                {sections.map((section, index) =>
                  section.year === year && !section.unknown ? (
                    <option key={section.key} value={index}>
                      {label(section)}
                    </option>
                  ) : null,
                )}
              </optgroup>
            ))}
            {sections.map((section, index) =>
              section.unknown ? (
                <option key={section.key} value={index}>
                  {label(section)}
                </option>
              ) : null,
            )}
          </select>
        </div>
      )}
      {!selecting && (
        <button type="button" className={`${styles.controlButton} ${styles.selectButton}`} onClick={onSelect}>
          {t('controls.select')}
        </button>
      )}
    </div>
  );
}
