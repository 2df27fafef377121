import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { useMe } from '../../api/customer/get-me';
import { FeedbackButton } from '../../features/feedback';
import type { SignedInIdentity } from '../../lib/auth/auth-session';
import { isHttpStatus } from '../../lib/http/errors';
import { useIsSmallScreen } from '../../lib/media';
import { paths } from '../../lib/paths';
import { useServices } from '../../lib/services';
import { brandName } from '../brand';
import { useRouteHandle } from '../use-route-handle';
import { BusinessStatusBanner } from './business-status-banner';
import { SideMenu } from './side-menu';
import styles from './app-shell.module.css';
import { SupportChatLauncher } from './support-chat-launcher';

export function AppShell() {
  const { t } = useTranslation();
  const services = useServices();
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const handle = useRouteHandle();
  const small = useIsSmallScreen();
  const stripped = services.stripped();
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // A customer whose record is gone has had the account deleted: sign them out. Not on the screen deleting
  // it, whose own sign-out leads to 'Your account has been deleted' whichever answer comes first.
  const endsAccount = handle?.endsAccount === true;
  useEffect(() => {
    if (isHttpStatus(me.error, 404) && !endsAccount) void navigate(paths.logout, { replace: true });
  }, [me.error, navigate, endsAccount]);

  // The phone menu closes with Escape, as a menu does, and the focus goes back to its button. Listened for on
  // the window, after a dialog's own listener on the document: an Escape a dialog opened from the menu took
  // (feedback) closes that dialog only, and focus goes back into the menu.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // Move focus to the new page's heading so screen readers announce the navigation.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setMenuOpen(false);
    heading.current?.focus({ preventScroll: true });
  }, [pathname]);

  const business = identity.isBusiness ? me.data?.business : null;
  const chat = !handle?.hideSupportChat;

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      {!stripped && (
        <header className={styles.header}>
          <Link to={paths.overview} className={styles.brand}>
            {t('app.brandHome', { brand: brandName(services.channel) })}
          </Link>
          {small && (
            <div className={styles.headerActions}>
              {chat && <SupportChatLauncher placement="header" />}
              <button
                ref={menuButton}
                type="button"
                className={styles.headerButton}
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? t('menu.close') : t('menu.open')}
              </button>
              <button type="button" className={styles.headerButton} onClick={() => void navigate(paths.logout)}>
                {t('menu.signOut')}
              </button>
            </div>
          )}
        </header>
      )}
      {!stripped && small && (
        <div id={menuId} hidden={!menuOpen} className={styles.mobileMenu}>
          {menuOpen && <SideMenu onNavigate={() => setMenuOpen(false)} />}
          {/* Kept while the menu is closed (hidden with it), so feedback being sent from it is not cut off. */}
          <FeedbackButton placement="menu" />
        </div>
      )}
      <div className={styles.body}>
        {!stripped && !small && (
          <div className={styles.aside}>
            <div className={styles.menu}>
              <SideMenu />
            </div>
            <FeedbackButton placement="column" />
            {chat && <SupportChatLauncher placement="column" />}
          </div>
        )}
        <main id="main" className={styles.main}>
          {business && <BusinessStatusBanner status={business.status} />}
          {handle && !handle.ownHeading && (
            <h1 ref={heading} tabIndex={-1} className={styles.title}>
              {t(`titles.${handle.titleKey}`)}
            </h1>
          )}
          <Outlet />
        </main>
      </div>
      {stripped && chat && <SupportChatLauncher placement="inline" />}
    </div>
  );
}
