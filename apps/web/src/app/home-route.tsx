import { OverviewPage } from '../features/overview/routes/overview-page';
import { useIsSmallScreen } from '../lib/media';
import { SideMenu } from './shell/side-menu';

/** The overview is hidden on small screens: the account menu takes its place. */
export function HomeRoute() {
  return useIsSmallScreen() ? <SideMenu /> : <OverviewPage />;
}
