/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const SHOTS_DIR = '/tmp/e2e-shots';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh browser profile (no cookies, no storage) pointed at the test server. */
export async function newContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-GB', ...options });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  context.on('page', recordProblems);
  return context;
}

const problems = new WeakMap<Page, string[]>();

/** Keeps the page's console errors, uncaught errors and failed responses, to explain a failure. */
function recordProblems(page: Page): void {
  const list: string[] = [];
  problems.set(page, list);
  const add = (line: string) => {
    list.push(line);
    if (list.length > 30) list.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error') add(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => add(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) add(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => add(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
}

/** What went wrong on the page so far, as text for an error message. */
export function pageProblems(page: Page): string {
  const list = problems.get(page) ?? [];
  return `url: ${page.url()}\n${list.length ? list.join('\n') : '(no console errors or failed requests)'}`;
}

/** Where the screens a person reviews by eye are saved. */
export const REVIEW_SHOTS_DIR = '/tmp/shots';

/**
 * Whether screenshots are saved. Under CI=true nobody opens them (the run keeps only its output), and each costs
 * Chromium CPU the other tests wait for: a full-page PNG takes up to a second, and a run takes about 300.
 */
const SHOTS_WANTED = process.env.CI !== 'true';

/** Saves a screenshot of the visible viewport (or the whole page) as <dir>/<name>.png, by default /tmp/e2e-shots; none under CI. */
export async function screenshot(page: Page, name: string, options: { dir?: string; fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS_WANTED) return;
  const dir = options.dir ?? SHOTS_DIR;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage });
}

/** Every Content-Security-Policy violation the page reports, from the console and the DOM event. */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`[csp-violation] ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} on ${e.documentURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/content security policy|\[csp-violation\]/i.test(text)) violations.push(`${page.url()}: ${text}`);
  });
  return violations;
}
