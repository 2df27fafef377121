import type { ReactNode } from 'react';
import styles from './grid-state.module.css';

/** What shows where a grid of photos cannot: its title, then what the customer can do (retry, go back, add photos). */
export function GridState({ title, alert = false, children }: { title: string; alert?: boolean; children?: ReactNode }) {
  return (
    <div className={styles.state} role={alert ? 'alert' : undefined}>
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}
