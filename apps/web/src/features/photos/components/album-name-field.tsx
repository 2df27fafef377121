import type { AlbumNameProblem } from '@shoebox/contracts';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './album-name-field.module.css';

interface AlbumNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** What the last submit found wrong (photo-library §5); shown under the field until the next submit. */
  problem: AlbumNameProblem | undefined;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * The album name input with its label, the 'Untitled album' placeholder and the error of the last submit:
 * 'Please give your album a name' or 'Name not valid'. It never validates by itself (on submit only).
 */
export function AlbumNameField({ value, onChange, problem, inputRef, disabled }: AlbumNameFieldProps) {
  const { t } = useTranslation('albums');
  const inputId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {t('nameDialog.nameLabel')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('nameDialog.placeholder')}
        autoComplete="off"
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      {problem && (
        <p id={errorId} className={styles.error}>
          {problem === 'required' ? t('nameDialog.required') : t('nameDialog.invalid')}
        </p>
      )}
    </div>
  );
}
