import { FEEDBACK_RATINGS } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackRating } from '../lib/feedback-body';
import styles from './rating-field.module.css';

const RATING_KEYS = { 1: 'veryPoor', 2: 'poor', 3: 'okay', 4: 'good', 5: 'veryGood' } as const satisfies Record<FeedbackRating, string>;

/** Each face's mouth, from a deep frown (1) to a broad smile (5). */
const MOUTHS: Record<FeedbackRating, string> = {
  1: 'M7.5 17.5Q12 12.5 16.5 17.5',
  2: 'M8 16.5Q12 14 16 16.5',
  3: 'M8 15.5H16',
  4: 'M8 14.5Q12 17.5 16 14.5',
  5: 'M7.5 14Q12 19.5 16.5 14',
};

interface RatingFieldProps {
  value: FeedbackRating | undefined;
  onChange: (rating: FeedbackRating) => void;
  disabled: boolean;
}

/**
 * The rating, 1 to 5: a row of faces that are native radio buttons underneath, so arrow keys move between
 * them and a screen reader reads a group of five named choices.
 */
export function RatingField({ value, onChange, disabled }: RatingFieldProps) {
  const { t } = useTranslation('feedback');
  const name = useId();
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{t('rating')}</legend>
      <div className={styles.options}>
        {FEEDBACK_RATINGS.map((rating) => (
          <label key={rating} className={styles.option}>
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={rating}
              required
              checked={value === rating}
              onChange={() => onChange(rating)}
            />
            <svg className={styles.face} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="8.5" cy="9.5" r="1.3" fill="currentColor" />
              <circle cx="15.5" cy="9.5" r="1.3" fill="currentColor" />
              <path d={MOUTHS[rating]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <span className={styles.name}>{t(`ratings.${RATING_KEYS[rating]}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
