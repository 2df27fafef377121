import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePublicConfiguration } from '../../api/storefront/get-public-configuration';
import { useServices } from '../../lib/services';
import { brandName } from '../brand';
import styles from './public-layout.module.css';

/** The frame of the pages anyone may see: the storefront's name and the page. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { channel } = useServices();
  const { routes } = usePublicConfiguration();
  return (
    <>
      <header className={styles.header}>
        <a href={routes.storefront} className={styles.brand}>
          {brandName(channel)}
        </a>
      </header>
      <main id="main" className={styles.main} aria-label={t('app.brandHome', { brand: brandName(channel) })}>
        <Outlet />
      </main>
    </>
  );
}
