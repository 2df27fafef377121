import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createAuthSession } from './lib/auth/auth-session';
import { resolveChannel } from './lib/channel';
import { loadAppConfig } from './lib/config';
import { bufferedErrorReporter } from './lib/error-reporting/buffered-error-reporter';
import { createFeatureFlags } from './lib/feature-flags';
import { createHttpClient } from './lib/http/http-client';
import { initI18n } from './lib/i18n';
import type { AppServices } from './lib/services';
import { isStorageAvailable } from './lib/storage';
import { readStrippedMode } from './lib/stripped-mode';
import './app/global.css';

/** Every failure, from the page's first line on, is logged and goes to the error service (spec §8). */
const reporter = bufferedErrorReporter();
window.addEventListener('error', (event) => {
  // Chrome's notice that a resize observer's work went to the next frame: nothing failed.
  if (!event.error && /^ResizeObserver loop/.test(event.message)) return;
  reporter.report(event.error ?? event.message, { kind: 'uncaught error' });
});
window.addEventListener('unhandledrejection', (event) => reporter.report(event.reason, { kind: 'unhandled rejection' }));

async function start(root: HTMLElement): Promise<void> {
  if (!isStorageAvailable()) {
    await initI18n(navigator.language);
    const { CookiesBlockedPage } = await import('./features/public-pages');
    createRoot(root).render(<CookiesBlockedPage />);
    return;
  }

  const channel = resolveChannel(window.location, window.sessionStorage, reporter);
  const [config, locale] = await Promise.all([loadAppConfig(), initI18n(channel.locale)]);
  const auth = createAuthSession(config, locale, reporter);
  reporter.connect(async () => (await import('./lib/error-reporting/error-service')).errorServiceFor(config, () => auth.accessToken()));
  const services: AppServices = {
    config,
    channel,
    locale,
    reporter,
    auth,
    flags: createFeatureFlags(config, window.location, window.localStorage),
    http: createHttpClient({ config, getAccessToken: () => auth.accessToken(), reporter }),
    stripped: () => readStrippedMode(window.location.search, window.sessionStorage),
  };
  const router = createAppRouter(services);
  createRoot(root).render(
    <StrictMode>
      <AppProviders services={services} router={router} />
    </StrictMode>,
  );
}

const root = document.getElementById('root') as HTMLElement;
start(root).catch((error: unknown) => {
  reporter.report(error, { phase: 'start-up' });
  // Without its configuration the page still reports, to the error service on its own origin.
  reporter.connect(async () => (await import('./lib/error-reporting/error-service')).errorServiceFor(undefined, async () => undefined));
  // Nothing is translated yet at this point: the catch-all text is shown in English.
  root.innerHTML = '<main id="main" class="startup-error"><h1>An unexpected error has occurred, please contact us if you continue to have problems.</h1></main>';
});
