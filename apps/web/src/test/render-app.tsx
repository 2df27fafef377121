import type { AppConfig, BusinessStatus, FeatureFlag } from '@shoebox/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { createQueryClient } from '../app/providers';
import { appRoutes, selfServiceRoutePatcher } from '../app/router';
import type { AuthSession, SignedInIdentity } from '../lib/auth/auth-session';
import { resolveChannel } from '../lib/channel';
import type { ErrorReporter } from '../lib/error-reporting/error-reporter';
import { createFeatureFlags } from '../lib/feature-flags';
import { createHttpClient } from '../lib/http/http-client';
import { ServicesProvider, type AppServices } from '../lib/services';
import { readStrippedMode } from '../lib/stripped-mode';
import { setSmallScreen } from './media';
import { server } from './msw-server';
import { apiUrl, businessCustomerRecord, businessIdentity, consumerIdentity, testConfig } from './fixtures';

export const TEST_ACCESS_TOKEN = 'test-access-token';

const never = () => new Promise<never>(() => {});

/** An AuthSession that is signed in as `identity` (or signed out when undefined); redirects never resolve, as in a browser. */
export function fakeAuth(identity: SignedInIdentity | undefined) {
  return {
    currentIdentity: vi.fn<AuthSession['currentIdentity']>(async () => identity),
    accessToken: vi.fn<AuthSession['accessToken']>(async () => (identity ? TEST_ACCESS_TOKEN : undefined)),
    signIn: vi.fn<AuthSession['signIn']>(never),
    completeSignIn: vi.fn<AuthSession['completeSignIn']>(async () => '/'),
    signOut: vi.fn<AuthSession['signOut']>(never),
  } satisfies AuthSession;
}

export type FakeAuth = ReturnType<typeof fakeAuth>;

export function fakeReporter() {
  return { report: vi.fn<ErrorReporter['report']>() } satisfies ErrorReporter;
}

export interface RenderAppOptions {
  /** Who is signed in; undefined means nobody (an anonymous visitor). Default: a consumer. */
  identity?: 'consumer' | 'business' | SignedInIdentity | undefined;
  /** The business status /customers/me answers for a business customer (default Active). */
  businessStatus?: BusinessStatus;
  /** Flag overrides, given the way a tester would: `?ff.<Flag>=on|off` in the address. */
  flags?: Partial<Record<FeatureFlag, boolean>>;
  config?: Partial<AppConfig>;
  smallScreen?: boolean;
  /**
   * Render inside <StrictMode> as main.tsx does. Off by default: its development-only double effects abort and
   * repeat the first requests, which production never does; on where a test is about effects running once.
   */
  strictMode?: boolean;
  /** Replaces parts of the fake auth session (e.g. a currentIdentity that fails). */
  auth?: Partial<AuthSession>;
}

function withFlagParams(path: string, flags: RenderAppOptions['flags']): string {
  if (!flags || Object.keys(flags).length === 0) return path;
  const url = new URL(path, 'http://localhost');
  for (const [flag, on] of Object.entries(flags)) url.searchParams.set(`ff.${flag}`, on ? 'on' : 'off');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The app's services as main.tsx builds them, for a test: the real HTTP client (against MSW), feature flags,
 * channel and stripped mode from the page's address, and the given sign-in session.
 */
export function testServices<Auth extends AppServices['auth']>(auth: Auth, configOverrides?: RenderAppOptions['config']) {
  const config = testConfig(configOverrides);
  const reporter = fakeReporter();
  return {
    config,
    channel: resolveChannel(window.location, window.sessionStorage, reporter),
    locale: 'en-GB',
    reporter,
    auth,
    flags: createFeatureFlags(config, window.location, window.localStorage),
    http: createHttpClient({ config, getAccessToken: () => auth.accessToken(), reporter }),
    stripped: () => readStrippedMode(window.location.search, window.sessionStorage),
  } satisfies AppServices;
}

/**
 * Renders the real route tree (`appRoutes`) in a memory router, inside the real providers, with services
 * built as main.tsx builds them: the real HTTP client (against MSW), feature flags, channel and stripped
 * mode from the page's address, and a fake sign-in session.
 */
export function renderApp(path = '/', options: RenderAppOptions = {}) {
  const identityOption = 'identity' in options ? options.identity : 'consumer';
  const identity = identityOption === 'consumer' ? consumerIdentity : identityOption === 'business' ? businessIdentity : identityOption;
  if (identity?.isBusiness) {
    const record = businessCustomerRecord(options.businessStatus ?? 'Active');
    server.use(http.get(apiUrl('customers', '/customers/me'), () => HttpResponse.json(record)));
  }
  setSmallScreen(options.smallScreen ?? false);

  const entry = withFlagParams(path, options.flags);
  // The address bar main.tsx reads the channel, flags and stripped mode from.
  window.history.replaceState(null, '', entry);

  const services = testServices(Object.assign(fakeAuth(identity), options.auth), options.config);
  const { auth, reporter } = services;
  const router = createMemoryRouter(appRoutes(services), { initialEntries: [entry], patchRoutesOnNavigation: selfServiceRoutePatcher(services) });
  return mountRouter(router, services, { auth, reporter, strictMode: options.strictMode });
}

/**
 * Mounts a memory router inside the app's providers, as main.tsx does, and tidies up after the test.
 * Shared by renderApp (the whole route tree) and renderWithServices (one component).
 */
export function mountRouter<Auth, Reporter>(
  router: ReturnType<typeof createMemoryRouter>,
  services: AppServices,
  o: { auth: Auth; reporter: Reporter; strictMode?: boolean },
) {
  const queryClient = createQueryClient();
  onTestFinished(() => {
    router.dispose();
    queryClient.clear();
  });

  const user = userEvent.setup();
  const tree = (
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ServicesProvider>
  );
  const view = render(o.strictMode ? <StrictMode>{tree}</StrictMode> : tree);
  return {
    ...view,
    user,
    router,
    services,
    auth: o.auth,
    reporter: o.reporter,
    queryClient,
    /** The router's current address, as the browser's address bar would show it. */
    currentUrl: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
