import { Link } from 'react-router';
import { buttonClass } from './button';
import styles from './pager.module.css';

export interface PagerLabels {
  /** The navigation's accessible name. */
  label: string;
  previous: string;
  next: string;
  /** e.g. "Page 2 of 5". */
  status: string;
}

/** The page a ?page=n link names, counted from 1; anything else is the first page. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Previous and next page of a list, as links (?page=n), so a page can be reloaded and shared. */
export function Pager({ page, pages, hrefOf, labels }: { page: number; pages: number; hrefOf: (page: number) => string; labels: PagerLabels }) {
  return (
    <nav className={styles.pager} aria-label={labels.label}>
      {page > 1 ? (
        <Link className={buttonClass.secondary} to={hrefOf(page - 1)}>
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.status} aria-current="page">
        {labels.status}
      </span>
      {page < pages ? (
        <Link className={buttonClass.secondary} to={hrefOf(page + 1)}>
          {labels.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
