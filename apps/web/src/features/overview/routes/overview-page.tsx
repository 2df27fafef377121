import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { useMe } from '../../../api/customer/get-me';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { DashboardCards } from '../components/dashboard-cards';
import styles from './overview-page.module.css';

/**
 * The Overview: a dashboard of the latest order, the photos (their storage status, the newest, what to do
 * next) and the account's areas. The greeting and the areas paint first; the cards load on their own.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const { flags } = useServices();
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const { data: me } = useMe();

  const cards = [
    { to: paths.orders, title: t('menu.orders'), body: t('overview.cards.orders') },
    identity.isBusiness && { to: paths.invoices, title: t('menu.invoices'), body: t('overview.cards.invoices') },
    flags.isOn('PhotoManagementTimelineViewEnabled') && { to: paths.myPhotos, title: t('menu.photos'), body: t('overview.cards.photos') },
    { to: paths.savedProjects, title: t('menu.savedProjects'), body: t('overview.cards.savedProjects') },
    !identity.isBusiness && { to: paths.widgets, title: t('menu.widgets'), body: t('overview.cards.widgets') },
    { to: paths.settings, title: t('menu.settings'), body: t('overview.cards.settings') },
  ].filter((c) => c !== false);

  return (
    <>
      <p className={styles.greeting}>{me ? t('overview.greeting', { name: me.firstName }) : '\u00a0'}</p>
      <p className={styles.intro}>{t('overview.intro')}</p>
      <DashboardCards />
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className={styles.card}>
              <span className={styles.cardTitle}>{card.title}</span>
              <span className={styles.cardBody}>{card.body}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
