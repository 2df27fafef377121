import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import enGB from '../../public/locales/en-GB.json';
import { configuredI18next, i18nOptions } from '../lib/i18n';
import { deleteCookie } from '../lib/storage';
import { installMatchMedia, setSmallScreen } from './media';
import { server } from './msw-server';
import { CONDITION_TIMEOUT_MS } from './wait';

// i18next as the app runs it, with the real English texts so tests find elements by what a user reads. The
// default namespace is there at once, as in the browser; each feature namespace is fetched (from public/, by
// the default handlers) the first time a screen asks for it, so a screen that would show keys does so here.
void configuredI18next().init({ ...i18nOptions('en-GB', enGB), initAsync: false });
document.documentElement.lang = 'en-GB';

// Screens load their code lazily, as in the browser: on a busy two-core machine the first load of a chunk
// can take a few seconds, so finding what a screen shows waits up to 5 s (a failure still fails).
configure({ asyncUtilTimeout: CONDITION_TIMEOUT_MS, getElementError: elementError });

/**
 * Testing Library's error for a query that found nothing (or too much), with the page printed in it. A query
 * inside `waitFor` or a `find*` fails many times before it passes, and printing the whole page into each of
 * those errors was a fifth of the web tests' time: there the page is printed when the message is first read,
 * which is when a wait that timed out reports its last error, while the page is still there.
 */
function elementError(message: string | null, container: Element): Error {
  const ignored = getConfig().defaultIgnore;
  const describe = () => [message, `Ignored nodes: comments, ${ignored}\n${prettyDOM(container)}`].filter(Boolean).join('\n\n');
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) {
    error.message = describe();
    return error;
  }
  let text: string | undefined;
  Object.defineProperty(error, 'message', { configurable: true, get: () => (text ??= describe()) });
  return error;
}

installMatchMedia();
// jsdom does not scroll; React Router's <ScrollRestoration> calls it on every navigation.
window.scrollTo = () => {};
// jsdom neither loads nor decodes images: decode() never settles, as for an image still on its way.
Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: () => new Promise<void>(() => {}) });

// Every request a test makes must be answered by a handler: an unanswered one fails the test that made it.
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  unhandled.length = 0;
});

afterEach(async () => {
  cleanup();
  // A request the screen started before it was unmounted (a prefetch waiting for its token) is sent now,
  // against this test's handlers, not counted against the next test.
  await new Promise((resolve) => setTimeout(resolve, 0));
  server.resetHandlers();
  clearCookies();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  setSmallScreen(false);
  document.title = '';
  if (unhandled.length > 0) {
    const list = unhandled.splice(0).join(', ');
    throw new Error(`Requests without an MSW handler: ${list}`);
  }
});

// Layers restore the page a frame after they unmount (the preview hands the grid back then): let that
// run before the file's environment is torn down, or it runs against a document that is gone.
const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

afterAll(async () => {
  await afterNextFrame();
  server.close();
});

function clearCookies(): void {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) deleteCookie(name);
  }
}
