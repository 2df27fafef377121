import type { ReactNode } from 'react';
import styles from './message-panel.module.css';

/** A titled card with a message and actions: the confirmation and error pages are built from it. */
export function MessagePanel({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby="message-panel-title">
      <h1 id="message-panel-title" className={styles.title} tabIndex={-1}>
        {title}
      </h1>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
