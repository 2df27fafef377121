import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useServices } from '../lib/services';
import { brandName } from './brand';
import { ConsentBanner } from './shell/consent-banner';
import { useRouteHandle } from './use-route-handle';

export function RootLayout() {
  const { t } = useTranslation();
  const { channel } = useServices();
  const handle = useRouteHandle();

  useEffect(() => {
    const brand = brandName(channel);
    document.title = handle ? `${t(`titles.${handle.titleKey}`)} | ${brand}` : brand;
  }, [handle, channel, t]);

  return (
    <>
      <Outlet />
      <ConsentBanner />
      <ScrollRestoration />
    </>
  );
}
