import type { AlbumNameProblem } from '@shoebox/contracts';
import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './album-name-field.module.css';

interface AlbumNameFieldProps {
  /** The input's registration in the album name form (`useAlbumNameForm`), plus anything else the input needs. */
  inputProps: ComponentProps<'input'>;
  /** What the last submit found wrong (photo-library §5); shown under the field until the next submit. */
  problem: AlbumNameProblem | undefined;
}

/**
 * The album name input with its label, the 'Untitled album' placeholder and the error of the last submit:
 * 'Please give your album a name' or 'Name not valid'. It never validates by itself (on submit only).
 */
export function AlbumNameField({ inputProps, problem }: AlbumNameFieldProps) {
  const { t } = useTranslation('albums');
  const inputId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {t('nameDialog.nameLabel')}
      </label>
      <input
        {...inputProps}
        id={inputId}
        className={styles.input}
        placeholder={t('nameDialog.placeholder')}
        autoComplete="off"
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
