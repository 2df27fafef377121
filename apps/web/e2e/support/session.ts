import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptCookies } from './cookies';
import { signIn } from './auth';
import { launchBrowser, newContext } from './browser';
import { startServer, type TestServer } from './server';

export interface SignedInSession {
  server: TestServer;
  browser: Browser;
  /** The signed-in profile: its storage state signs in further contexts. */
  context: BrowserContext;
  /** The page signed in on, at `path`, the cookie banner answered. */
  page: Page;
  close(): Promise<void>;
}

/**
 * A server of its own (with `env`) and a browser signed in there as `email` through the real sign-in page,
 * landing on `path`, the cookie banner accepted. What started is stopped again if a later step fails.
 */
export async function startSignedInSession(email: string, options: { path: string; env?: Record<string, string> }): Promise<SignedInSession> {
  const [server, browser] = await Promise.all([startServer(options.env), launchBrowser()]);
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, email, { path: options.path });
    await acceptCookies(page);
    return { server, browser, context, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
