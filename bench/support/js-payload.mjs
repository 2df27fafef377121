// Which JavaScript a page needs before it shows a given text, and how big it is.
import zlib from 'node:zlib';
import { disableCache } from './chromium.mjs';
import { isSignInUrl } from './sign-in.mjs';

const isJavaScript = (response) =>
  response.request().resourceType() === 'script' || /javascript|ecmascript/.test(response.headers()['content-type'] ?? '');

async function describe(response) {
  const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
  return {
    url: response.url(),
    status: response.status(),
    encoding: response.headers()['content-encoding'] ?? 'identity',
    bytes: body.length,
    gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
    transferredBytes: sizes.responseBodySize,
  };
}

/**
 * Opens `url` in a new page of `context` with the HTTP cache off and answers the sizes of the JavaScript
 * the page asked for before `readyText` was in it: decoded, gzipped here at level 9 (independent of what
 * the server negotiated), and as transferred (encoded body bytes). A script counts when its request began
 * before the text appeared (the page's own clock, from a MutationObserver set up before any script runs),
 * whenever its answer arrives: what a page loads once it has greeted is left out, and a script it asked
 * for first is counted even when its answer is slower than the text. Throws when the page passed through
 * the sign-in pages, or when it ends anywhere but `url`.
 */
export async function measureJsPayload(context, url, readyText) {
  const page = await context.newPage();
  try {
    await disableCache(page);
    const navigations = [];
    const pending = [];
    let recording = true;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    page.on('response', (response) => {
      if (recording && isJavaScript(response)) pending.push(describe(response));
    });
    await page.addInitScript((text) => {
      const seen = () => document.body?.innerText.includes(text);
      new MutationObserver((_changes, observer) => {
        if (window.__readyAt === undefined && seen()) {
          window.__readyAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, readyText);

    await page.goto(url);
    await page.getByText(readyText).first().waitFor({ state: 'visible' });
    // The answers of requests made just before the text appeared may still be on their way.
    await page.waitForLoadState('networkidle');
    recording = false;
    const askedBefore = new Set(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= window.__readyAt)
          .map((entry) => entry.name),
      ),
    );
    const scripts = (await Promise.all(pending)).filter((s) => askedBefore.has(s.url));

    const wanted = new URL(url);
    const through = navigations.filter(isSignInUrl);
    if (through.length) throw new Error(`Loading ${url} went through the sign-in pages (${through.join(' -> ')}); the session cookies were not used`);
    const final = new URL(page.url());
    if (final.origin !== wanted.origin || final.pathname !== wanted.pathname) throw new Error(`Expected to stay on ${url}, ended on ${page.url()}`);
    const failed = scripts.filter((s) => s.status !== 200);
    if (failed.length) throw new Error(`Script responses that were not 200: ${failed.map((s) => `${s.status} ${s.url}`).join(', ')}`);

    const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
    return {
      scripts: scripts.map((s) => ({ ...s, url: new URL(s.url).pathname })),
      bytes: sum('bytes'),
      gzipBytes: sum('gzipBytes'),
      transferredBytes: sum('transferredBytes'),
    };
  } finally {
    await page.close();
  }
}
