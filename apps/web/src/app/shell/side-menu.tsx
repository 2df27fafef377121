import { useTranslation } from 'react-i18next';
import { NavLink, useRouteLoaderData } from 'react-router';
import { usePublicConfiguration } from '../../api/storefront/get-public-configuration';
import type { SignedInIdentity } from '../../lib/auth/auth-session';
import { useServices } from '../../lib/services';
import { menuEntries } from './menu-entries';
import styles from './side-menu.module.css';

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { flags } = useServices();
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const { routes } = usePublicConfiguration();
  const entries = menuEntries({ isBusiness: identity.isBusiness, timelineOn: flags.isOn('PhotoManagementTimelineViewEnabled'), faqUrl: routes.faq });

  return (
    <nav aria-label={t('menu.label')} className={styles.nav}>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.label}>
            {entry.kind === 'route' ? (
              <NavLink to={entry.to} end={entry.end} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)} onClick={onNavigate}>
                {t(`menu.${entry.label}`)}
              </NavLink>
            ) : (
              <a href={entry.href} className={styles.link} target="_blank" rel="noopener noreferrer">
                {t(`menu.${entry.label}`)}
                <span className="visually-hidden"> {t('menu.opensInNewTab')}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
