import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { authCookies, signIn, submitSignInForm, waitForApp, waitForSignInPage } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { holdConfirmCall, linkFromMailbox } from './support/mailbox';
import { startSignedInSession, type SignedInSession } from './support/session';

/** A demo consumer of this file's own server (its own data directory), so no other test sees the change. */
const OLD_ADDRESS = 'lars@example.com';
const NEW_ADDRESS = 'lars.new@example.com';
const TAKEN_ADDRESS = 'emma@example.com';
const CONFIRMATION = '/change-email-confirmation';
const shot = (page: Page, name: string) => screenshot(page, `email-change-${name}`, { dir: REVIEW_SHOTS_DIR });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe('changing the email address through the mailbox link', () => {
  let session: SignedInSession;
  let page: Page;
  let link: string;

  beforeAll(async () => {
    session = await startSignedInSession(OLD_ADDRESS, { path: '/settings/email' });
    page = session.page;
  });

  afterAll(async () => {
    await session?.close();
  });

  it('/settings/email shows the present address and checks the new one on submit', async () => {
    await page.reload();
    await expect.poll(() => heading(page)).toBe('Change email address');
    await page.getByText(OLD_ADDRESS, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Change email address' }).click();
    await page.getByText('Please enter your new email address').waitFor();
    await page.getByLabel('New email address').fill('not-an-address');
    await page.getByRole('button', { name: 'Change email address' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await expectNoSeriousA11yViolations(page, '/settings/email with a refused address (1280x800)');
    await shot(page, 'form-refused-desktop');
  });

  it("an address another account uses is refused: 'already in use'", async () => {
    await page.getByLabel('New email address').fill(TAKEN_ADDRESS);
    await page.getByRole('button', { name: 'Change email address' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('This email address is already in use.');
  });

  it('the request mails a link to the new address and says so', async () => {
    await page.getByLabel('New email address').fill(NEW_ADDRESS);
    await page.getByRole('button', { name: 'Change email address' }).click();
    await page.getByText(`We sent a confirmation link to ${NEW_ADDRESS}. Open it to finish changing your email address.`).waitFor();
    await expectNoSeriousA11yViolations(page, '/settings/email, link sent (1280x800)');
    await shot(page, 'sent-desktop');
    link = await linkFromMailbox(page, session.server.baseUrl, NEW_ADDRESS, CONFIRMATION);
    expect(new URL(link).pathname).toBe(CONFIRMATION);
  });

  it('opening the link confirms, signs out and lands on the success page', async () => {
    const held = await holdConfirmCall(page);
    await page.goto(link);
    await expect.poll(() => heading(page)).toBe('Change email address');
    await page.getByText('Changing your email address…').waitFor();
    await expectNoSeriousA11yViolations(page, `${CONFIRMATION} while confirming (1280x800)`);
    await shot(page, 'confirming-desktop');
    held.release();

    await page.waitForURL((url) => url.pathname === '/change-email-success', { timeout: 20_000 });
    await expect.poll(() => heading(page)).toBe('Your e-mail address has been changed!');
    expect(await authCookies(session.context)).toEqual([]);
    await shot(page, 'success-desktop');
    await page.unrouteAll();
  });

  it('the old address no longer signs in', async () => {
    await page.goto('/');
    await waitForSignInPage(page);
    await submitSignInForm(page, OLD_ADDRESS, 'shoebox-demo');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('The email address or password is incorrect.');
    expect(await authCookies(session.context)).toEqual([]);
  });

  it('the new address signs in; the replayed link then goes to the error page and changes nothing', async () => {
    await page.goto(link);
    await waitForSignInPage(page);
    await submitSignInForm(page, NEW_ADDRESS, 'shoebox-demo');
    await waitForApp(page);
    await page.waitForURL((url) => url.pathname === '/change-email-error');
    await expect.poll(() => heading(page)).toBe("Your email wasn't changed");
    await shot(page, 'replayed-link-error-desktop');

    await page.goto('/settings/email');
    await page.getByText(NEW_ADDRESS, { exact: true }).waitFor();
  });

  it('390x844: the form and the sent state fit and pass axe', async () => {
    const phone = await newContext(session.browser, session.server.baseUrl, { viewport: PHONE, isMobile: true, hasTouch: true, storageState: await session.context.storageState() });
    try {
      const small = await phone.newPage();
      await small.goto('/settings/email');
      await expect.poll(() => heading(small)).toBe('Change email address');
      await small.getByLabel('New email address').waitFor();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoSeriousA11yViolations(small, '/settings/email (390x844)');
      await shot(small, 'form-phone');
      const held = await holdConfirmCall(small);
      await small.goto(`${CONFIRMATION}?confirmation-token=not-a-real-token-0123456789`);
      await small.getByText('Changing your email address…').waitFor();
      await expectNoSeriousA11yViolations(small, `${CONFIRMATION} while confirming (390x844)`);
      held.release();
      await small.waitForURL((url) => url.pathname === '/change-email-error');
      await shot(small, 'foreign-link-error-phone');
    } finally {
      await phone.close();
    }
  });

  it('in German (www.printhaven.de) the screen reads in German, opened cold', async () => {
    await page.goto('/settings/email?channel=www.printhaven.de');
    await page.reload();
    await expect.poll(() => heading(page)).toBe('E-Mail-Adresse ändern');
    await page.getByLabel('Neue E-Mail-Adresse').waitFor();
    await page.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await page.getByText('Bitte geben Sie Ihre neue E-Mail-Adresse ein').waitFor();
    await expectNoSeriousA11yViolations(page, '/settings/email in German (1280x800)');
    await shot(page, 'form-german-desktop');
  });
});

describe('a confirmation link opened in a fresh browser', () => {
  let session: SignedInSession;

  beforeAll(async () => {
    session = await startSignedInSession('sofia@example.com', { path: '/settings/email' });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('asks to sign in and comes back to the link, which then confirms', async () => {
    await session.page.getByLabel('New email address').fill('sofia.new@example.com');
    await session.page.getByRole('button', { name: 'Change email address' }).click();
    await session.page.getByText(/We sent a confirmation link to sofia.new@example.com/).waitFor();
    const link = await linkFromMailbox(session.page, session.server.baseUrl, 'sofia.new@example.com', CONFIRMATION);

    const fresh = await newContext(session.browser, session.server.baseUrl);
    try {
      const page = await fresh.newPage();
      await page.goto(link);
      await waitForSignInPage(page);
      await submitSignInForm(page, 'sofia@example.com', 'shoebox-demo');
      await page.waitForURL((url) => url.pathname === '/change-email-success', { timeout: 20_000 });
      await expect.poll(() => heading(page)).toBe('Your e-mail address has been changed!');
      await signIn(page, 'sofia.new@example.com', { path: '/settings/email' });
      await page.getByText('sofia.new@example.com', { exact: true }).waitFor();
    } finally {
      await fresh.close();
    }
  });
});
