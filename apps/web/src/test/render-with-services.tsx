import type { AppConfig, FeatureFlag } from '@shoebox/contracts';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import type { SignedInIdentity } from '../lib/auth/auth-session';
import { resolveChannel } from '../lib/channel';
import { createFeatureFlags } from '../lib/feature-flags';
import { createHttpClient } from '../lib/http/http-client';
import type { AppServices } from '../lib/services';
import { consumerIdentity, testConfig } from './fixtures';
import { setSmallScreen } from './media';
import { fakeAuth, fakeReporter, mountRouter } from './render-app';

export interface RenderWithServicesOptions {
  /** The address the component is shown at (default /my-photos/photos). */
  path?: string;
  /** Flags on or off for this test, as `?ff.<Flag>=on|off` overrides would set them. */
  flags?: Partial<Record<FeatureFlag, boolean>>;
  config?: Partial<AppConfig> & Record<string, unknown>;
  identity?: SignedInIdentity;
  smallScreen?: boolean;
}

/**
 * Renders one component (e.g. a header button) at any address, with the app's real services (HTTP client
 * against MSW, flags, channel), a query client and a memory router. Feature texts load as in the app,
 * when the component first asks for them (it shows nothing until then). For screens that are not (yet)
 * part of the route tree that renderApp renders.
 */
export function renderWithServices(ui: ReactElement, options: RenderWithServicesOptions = {}) {
  setSmallScreen(options.smallScreen ?? false);
  const path = options.path ?? '/my-photos/photos';
  window.history.replaceState(null, '', path);
  const config = testConfig(options.config);
  const reporter = fakeReporter();
  const auth = fakeAuth(options.identity ?? consumerIdentity);
  const overrides = Object.fromEntries(Object.entries(options.flags ?? {}).map(([flag, on]) => [flag, on ? ['*'] : []]));
  const services: AppServices = {
    config,
    channel: resolveChannel(window.location, window.sessionStorage, reporter),
    locale: 'en-GB',
    reporter,
    auth,
    flags: createFeatureFlags({ ...config, flags: { ...config.flags, ...overrides } }, window.location, window.localStorage),
    http: createHttpClient({ config, getAccessToken: () => auth.accessToken(), reporter }),
    stripped: () => false,
  };
  const router = createMemoryRouter([{ path: '*', element: <Suspense>{ui}</Suspense> }], { initialEntries: [path] });
  return mountRouter(router, services, { auth, reporter });
}
