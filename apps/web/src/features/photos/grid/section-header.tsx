import { memo, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/photo-dates';
import type { GridSection } from './grid-layout';
import styles from './grid.module.css';

const labels = new Map<string, string>();

/**
 * A section's label, by its month: 'June 2024' in the channel's language, or 'Unknown Date' for photos without a date.
 * Each label is formatted once (a big library has hundreds of months in the jump list).
 */
export function useSectionLabel() {
  const { t, i18n } = useTranslation('photos');
  const unknown = t('timeline.unknownDate');
  const pattern = t('timeline.monthFormat');
  return useCallback(
    (section: Pick<GridSection, 'year' | 'month' | 'unknown'>) => {
      if (section.unknown) return unknown;
      const key = `${i18n.language}|${pattern}|${section.year}-${section.month}`;
      let label = labels.get(key);
      if (label === undefined) {
        label = formatDate(new Date(section.year, section.month - 1, 1), pattern);
        labels.set(key, label);
      }
      return label;
    },
    [unknown, pattern, i18n.language],
  );
}

/** A section's heading (the timeline's months have one): its name, how many photos it has, its select-all control, and its load error if any. */
export const SectionHeader = memo(function SectionHeader({
  section,
  top,
  height,
  selected,
  failed,
  onSelectAll,
  onRetry,
}: {
  section: GridSection;
  top: number;
  /** The layout's heading height (compact on phones). */
  height: number;
  selected: boolean;
  failed: boolean;
  onSelectAll: (section: GridSection, select: boolean) => void;
  onRetry: (section: GridSection) => void;
}) {
  const { t } = useTranslation('photos');
  const label = useSectionLabel();
  const headingId = useId();

  return (
    <div className={styles.sectionHeader} style={{ transform: `translateY(${top}px)`, height }} data-section={section.key}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {label(section)}
      </h2>
      {failed ? (
        <>
          <span className={styles.sectionError} role="alert">
            {t('timeline.loadError')}
          </span>
          <button type="button" className={styles.linkButton} onClick={() => onRetry(section)}>
            {t('timeline.retry')}
          </button>
        </>
      ) : (
        <span className={styles.sectionCount}>{t('timeline.photoCount', { count: section.count })}</span>
      )}
      <button type="button" className={styles.selectAll} aria-describedby={headingId} onClick={() => onSelectAll(section, !selected)}>
        {selected ? t('selection.deselectAll') : t('selection.selectAll')}
      </button>
    </div>
  );
});
