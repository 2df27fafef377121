import { sortKeySchema, type SortKey, type SortOptions } from '@shoebox/contracts';
import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import styles from './grid-controls.module.css';

/** One sort a grid offers: its name in the dropdown and the tooltip saying what it sorts by. */
export interface SortChoice {
  key: SortKey;
  label: string;
  tooltip: string;
}

interface GridControlsProps {
  /** Names the bar for assistive technology. */
  label: string;
  sort: SortOptions;
  /** In the dropdown's order; the first is the grid's usual sort. */
  choices: readonly SortChoice[];
  onSortChange: (sort: SortOptions) => void;
  selecting: boolean;
  onSelect: () => void;
  /** What a grid adds between the order toggle and Select (the timeline's month jump). */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The bar above every photo grid (timeline, album, shared album), sticky while it scrolls: the sort dropdown
 * with its tooltip, the newest/oldest first toggle, what the grid adds, and Select. On phones it is one row:
 * the toggle and Select are icons (their texts stay their accessible names) and the dropdowns give way
 * (decision 085).
 */
export function GridControls({ label, sort, choices, onSortChange, selecting, onSelect, children, ref }: GridControlsProps) {
  const { t } = useTranslation('photos');
  const current = choices.find((choice) => choice.key === sort.sortKey);
  return (
    <div ref={ref} className={styles.controls} role="group" aria-label={label}>
      <GridSelect label={t('controls.sortBy')} tooltip={current?.tooltip} value={sort.sortKey} onChange={(event) => onSortChange({ ...sort, sortKey: sortKeySchema.parse(event.target.value) })}>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.label}
          </option>
        ))}
      </GridSelect>
      <button
        type="button"
        className={`${styles.controlButton} ${styles.iconOnPhone}`}
        onClick={() => onSortChange({ ...sort, sortOrder: sort.sortOrder === 'desc' ? 'asc' : 'desc' })}
      >
        <span className={sort.sortOrder === 'desc' ? styles.arrowDown : styles.arrowUp} aria-hidden="true" />
        <span className="visually-hidden">{t('controls.order')}:</span> <span className={styles.textOffPhone}>{sort.sortOrder === 'desc' ? t('controls.desc') : t('controls.asc')}</span>
      </button>
      {children}
      {!selecting && (
        <button type="button" className={`${styles.controlButton} ${styles.selectButton} ${styles.iconOnPhone}`} onClick={onSelect}>
          <span className={styles.checkIcon} aria-hidden="true" />
          <span className={styles.textOffPhone}>{t('controls.select')}</span>
        </button>
      )}
    </div>
  );
}

type GridSelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; tooltip?: string };

/** A labelled dropdown in the bar (the sort, the timeline's month jump); the label is visually hidden on phones. */
export function GridSelect({ label, tooltip, children, ...select }: GridSelectProps) {
  const id = useId();
  const element = (
    <select id={id} className={styles.select} {...select}>
      {children}
    </select>
  );
  return (
    <div className={styles.control}>
      <label htmlFor={id} className={styles.controlLabel}>
        {label}
      </label>
      {tooltip === undefined ? (
        element
      ) : (
        <Tooltip content={tooltip} placement="bottom">
          {element}
        </Tooltip>
      )}
    </div>
  );
}
