import { DashboardCards, OverviewPage } from '../features/overview';
import { useIsSmallScreen } from '../lib/media';
import styles from './home-route.module.css';
import { SideMenu } from './shell/side-menu';

/**
 * The overview is hidden on small screens: the account menu takes its place, with the customer's latest order
 * and photos under it, so a phone's first screen shows their pictures and not an empty half.
 */
export function HomeRoute() {
  if (!useIsSmallScreen()) return <OverviewPage />;
  return (
    <>
      <SideMenu />
      <div className={styles.cards}>
        <DashboardCards />
      </div>
    </>
  );
}
