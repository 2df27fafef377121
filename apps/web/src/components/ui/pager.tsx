import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
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

/** The page the ?page=n of the address names, counted from 1; anything else is the first page. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * How many pages `total` items make, and the page shown. A page past the end (its last item deleted, or an
 * old link) is replaced by the last page there is, once `counted` says the total is the list's own.
 */
export function usePages(page: number, total: number, pageSize: number, counted: boolean) {
  const [, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pastTheEnd = counted && page > pages;
  useEffect(() => {
    if (pastTheEnd) setParams(pages === 1 ? {} : { page: String(pages) }, { replace: true });
  }, [pastTheEnd, pages, setParams]);
  return { pages, shownPage: Math.min(page, pages) };
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
