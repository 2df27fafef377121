import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acceptCookies } from './support/cookies';
import { authCookies, bearerHeaders, signIn, submitSignInForm, waitForSignInPage } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { holdConfirmCall, linkFromMailbox } from './support/mailbox';
import { startSignedInSession, type SignedInSession } from './support/session';

/** A demo consumer of this file's own server (its own data directory): deleting it touches no other test. */
const LEAVING = 'sofia@example.com';
const STAYING = 'emma@example.com';
const CONFIRMATION = '/delete-account-confirmation';
const shot = (page: Page, name: string) => screenshot(page, `account-deletion-${name}`, { dir: REVIEW_SHOTS_DIR });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe('deleting an account through the mailbox link', () => {
  let session: SignedInSession;
  let page: Page;
  let link: string;
  let bearer: Record<string, string>;
  let signedInState: Awaited<ReturnType<SignedInSession['context']['storageState']>>;

  beforeAll(async () => {
    session = await startSignedInSession(LEAVING, { path: '/settings' });
    page = session.page;
  });

  afterAll(async () => {
    await session?.close();
  });

  it('Settings offers Delete my account; its dialog says what goes and mails the link', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Delete my account' }).waitFor();
    await expectNoSeriousA11yViolations(page, '/settings with Delete my account (1280x800)');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByText(/All your personal data, photos, albums, projects and order history will be deleted/).waitFor();
    await expectNoSeriousA11yViolations(page, 'delete-account dialog (1280x800)');
    await shot(page, 'dialog-desktop');

    await dialog.getByRole('button', { name: 'Send confirmation email' }).click();
    await dialog.getByText(`We sent a confirmation link to ${LEAVING}. Open it to delete your account.`).waitFor();
    await shot(page, 'dialog-sent-desktop');
    link = await linkFromMailbox(page, session.server.baseUrl, LEAVING, CONFIRMATION);
    expect(new URL(link).pathname).toBe(CONFIRMATION);
    bearer = await bearerHeaders(session.context);
    signedInState = await session.context.storageState();
  });

  it('opening the link deletes the account, signs out and lands on /account-deleted', async () => {
    const held = await holdConfirmCall(page);
    await page.goto(link);
    await page.getByText('Deleting your account…').waitFor();
    await expectNoSeriousA11yViolations(page, `${CONFIRMATION} while confirming (1280x800)`);
    await shot(page, 'confirming-desktop');
    held.release();

    await page.waitForURL((url) => url.pathname === '/account-deleted', { timeout: 20_000 });
    await expect.poll(() => heading(page)).toBe('Your account has been deleted');
    expect(await authCookies(session.context)).toEqual([]);
    await shot(page, 'deleted-desktop');
    await page.unrouteAll();
  });

  it('the deleted customer is gone for the API (GET /customers/me no longer answers them)', async () => {
    const response = await page.request.get(`${session.server.baseUrl}/api/customer/customers/me`, { headers: bearer });
    expect([401, 404]).toContain(response.status());
  });

  it('a tab still holding the old session is sent to sign out', async () => {
    const stale = await newContext(session.browser, session.server.baseUrl, { storageState: signedInState });
    try {
      const stalePage = await stale.newPage();
      await stalePage.goto('/orders');
      await waitForSignInPage(stalePage);
      expect(await authCookies(stale)).toEqual([]);
    } finally {
      await stale.close();
    }
  });

  it('the deleted account can never sign in again', async () => {
    await page.goto('/');
    await waitForSignInPage(page);
    await submitSignInForm(page, LEAVING, 'shoebox-demo');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('The email address or password is incorrect.');
    expect(page.url()).toContain('/oidc/interaction/');
    expect(await authCookies(session.context)).toEqual([]);
  });

  it("a link that is not the customer's own goes to the error page, and the account stays", async () => {
    const other = await newContext(session.browser, session.server.baseUrl);
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, STAYING, { path: `${CONFIRMATION}?confirmation-token=${new URL(link).searchParams.get('confirmation-token')}` });
      await otherPage.waitForURL((url) => url.pathname === '/delete-account-error');
      await expect.poll(() => heading(otherPage)).toBe("Your account couldn't be deleted");
      await shot(otherPage, 'foreign-link-error-desktop');
      await otherPage.goto('/');
      await expect.poll(() => heading(otherPage)).toBe('My account overview');
    } finally {
      await other.close();
    }
  });

  it('390x844: the section, the dialog and the confirming page fit and pass axe', async () => {
    const phone = await newContext(session.browser, session.server.baseUrl, { viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const small = await phone.newPage();
      await signIn(small, STAYING, { path: '/settings' });
      await acceptCookies(small);
      await small.getByRole('button', { name: 'Delete my account' }).waitFor();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await small.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = small.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await expectNoSeriousA11yViolations(small, 'delete-account dialog (390x844)');
      await shot(small, 'dialog-phone');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      const held = await holdConfirmCall(small);
      await small.goto(`${CONFIRMATION}?confirmation-token=not-a-real-token-0123456789`);
      await small.getByText('Deleting your account…').waitFor();
      await expectNoSeriousA11yViolations(small, `${CONFIRMATION} while confirming (390x844)`);
      await shot(small, 'confirming-phone');
      held.release();
      await small.waitForURL((url) => url.pathname === '/delete-account-error');
      await expectNoSeriousA11yViolations(small, '/delete-account-error (390x844)');
    } finally {
      await phone.close();
    }
  });

  it('in German (www.printhaven.de) the dialog reads in German, opened cold', async () => {
    const german = await newContext(session.browser, session.server.baseUrl, { locale: 'de-DE' });
    try {
      const de = await german.newPage();
      await signIn(de, STAYING, { path: '/settings' });
      await acceptCookies(de);
      await de.goto('/settings?channel=www.printhaven.de');
      await de.reload();
      await de.getByRole('button', { name: 'Mein Konto löschen' }).click();
      await de.getByRole('alertdialog', { name: 'Ihr Konto löschen?' }).waitFor();
      await expectNoSeriousA11yViolations(de, 'delete-account dialog in German (1280x800)');
      await shot(de, 'dialog-german-desktop');
    } finally {
      await german.close();
    }
  });
});
