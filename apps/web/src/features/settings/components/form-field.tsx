import type { ComponentProps } from 'react';
import styles from './settings.module.css';

/** A labelled input whose problem, once found, is said under it and read with it (aria-describedby). */
export function FormField({ id, label, problem, input, hint }: { id: string; label: string; problem?: string; hint?: string; input: ComponentProps<'input'> & { name: string } }) {
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className={styles.muted}>
          {hint}
        </p>
      )}
      <input id={id} {...input} aria-invalid={problem ? true : undefined} aria-describedby={described || undefined} />
      {problem && (
        <p id={`${id}-problem`} className={styles.fieldProblem}>
          {problem}
        </p>
      )}
    </div>
  );
}
