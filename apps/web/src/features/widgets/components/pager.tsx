import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import styles from './pager.module.css';

/** Previous and next page of the list, as links (?page=n), so a page can be reloaded and shared. */
export function Pager({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation('widgets');
  return (
    <nav className={styles.pager} aria-label={t('pager.label')}>
      {page > 1 ? (
        <Link className={buttonClass.secondary} to={hrefOf(page - 1)}>
          {t('pager.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.status} aria-current="page">
        {t('pager.status', { page, pages })}
      </span>
      {page < pages ? (
        <Link className={buttonClass.secondary} to={hrefOf(page + 1)}>
          {t('pager.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
