// Debian's Chromium driven by playwright-core, with the project's flags.
import { chromium } from 'playwright-core';
import { deferCleanup } from './cleanup.mjs';
import { tempDir } from './temp.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Wide enough for the desktop layout (the overview is replaced by the menu on small screens). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
const ACTION_TIMEOUT_MS = 20_000;
const NAVIGATION_TIMEOUT_MS = 30_000;

function withTimeouts(context) {
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

/** A browser closed by `close()` or by the run's cleanup. */
export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
  const close = deferCleanup(() => browser.close());
  return { browser, close };
}

export async function newContext(browser, options = {}) {
  return withTimeouts(await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'en-GB', ...options }));
}

/**
 * A persistent-profile browser that also listens for the DevTools protocol on `debuggingPort`, so
 * that Lighthouse can drive it while the Playwright context keeps the session cookies.
 */
export async function launchPersistentWithDebuggingPort(debuggingPort) {
  const profile = tempDir('chromium-profile');
  const context = withTimeouts(
    await chromium.launchPersistentContext(profile.dir, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
      viewport: DESKTOP_VIEWPORT,
      locale: 'en-GB',
      timeout: 60_000,
    }),
  );
  const closeContext = deferCleanup(() => context.close());
  return {
    context,
    async close() {
      await closeContext();
      await profile.remove();
    },
  };
}

/** Turns the HTTP cache off for one page, so every asset is fetched (and measured) again. */
export async function disableCache(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return cdp;
}
