import type { BusinessStatus } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicConfiguration } from '../../api/storefront/get-public-configuration';
import { paths } from '../../lib/paths';
import styles from './business-status-banner.module.css';

/** Default: details missing; New: awaiting validation; Blocked: contact customer care. A validated account shows nothing. */
export function BusinessStatusBanner({ status }: { status: BusinessStatus }) {
  const { t } = useTranslation();
  const { routes } = usePublicConfiguration();
  if (status === 'Active') return null;

  return (
    <div className={`${styles.banner} ${status === 'Blocked' ? styles.blocked : ''}`} role="status">
      <p className={styles.text}>{t(`businessStatus.${status}`)}</p>
      {status === 'Default' && (
        <Link to={paths.businessSettings} className={styles.link}>
          {t('businessStatus.DefaultLink')}
        </Link>
      )}
      {status === 'Blocked' && (
        <a href={routes.customerCare} className={styles.link}>
          {t('businessStatus.BlockedLink')}
        </a>
      )}
    </div>
  );
}
