import { useId, type ReactNode } from 'react';
import styles from './section.module.css';

/** One titled part of a screen (settings, FTP instructions), announced as a region named by its heading. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
      {action && <div className={styles.actions}>{action}</div>}
    </section>
  );
}

/** Label and value pairs, read as a description list. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
