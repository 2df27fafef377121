import type { ReactNode } from 'react';
import { buttonClass } from './button';
import styles from './list-notices.module.css';

/** A list that could not be read: said as an alert, with a button to read it again. */
export function ListLoadError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className={styles.notice} role="alert">
      <p>{message}</p>
      <button type="button" className={buttonClass.secondary} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** A list with nothing in it yet: what is missing, how it comes, and where to go for it. */
export function EmptyListNotice({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <div className={styles.notice}>
      <p className={styles.title}>{title}</p>
      <p>{hint}</p>
      {action}
    </div>
  );
}
