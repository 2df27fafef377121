/** The sign-in page's own forms as the tests drive them: "Forgot password?", "Create an account" and the mailed links. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outboxMailer, type StoredMail } from '../platform/mail/outbox-mailer.js';
import { linkIn } from './identity-requests.js';
import { Browser, startSignIn, type SignInAttempt, type SignInOptions } from './sign-in.js';
import type { TestShoebox } from './test-server.js';

const decode = (html: string) => html.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"');

/** Where the page's link with this text points. */
export function hrefOf(page: LightMyRequestResponse | string, label: string): string {
  const html = typeof page === 'string' ? page : page.body;
  const found = [...html.matchAll(/<a(?: class="[^"]*")? href="([^"]+)">([^<]*)<\/a>/g)].find((m) => decode(m[2] ?? '') === label);
  if (!found) throw new Error(`No link "${label}" on the page: ${html.slice(0, 2000)}`);
  return decode(found[1] ?? '');
}

/** Where the page's (first) form posts to. */
export function actionOf(page: LightMyRequestResponse): string {
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`No form on the page (${page.statusCode}): ${page.body.slice(0, 2000)}`);
  return decode(action);
}

/** A hidden field's value. */
export const hiddenValue = (page: LightMyRequestResponse, name: string) => decode(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(page.body)?.[1] ?? '');

/** The alert's text, if the page has one. */
export const alertOf = (page: LightMyRequestResponse) => decode(/<p class="error" role="alert"[^>]*>([^<]*)<\/p>/.exec(page.body)?.[1] ?? '');

/** The page's main heading. */
export const headingOf = (page: LightMyRequestResponse) => decode(/<h1>([^<]*)<\/h1>/.exec(page.body)?.[1] ?? '');

export interface PageFlow extends SignInAttempt {
  /** Opens a page linked from the sign-in page by its text and answers it. */
  open(label: string): Promise<LightMyRequestResponse>;
}

/** Starts a sign-in as the account area does and stands on its page, ready to follow its links. */
export async function onSignInPage(server: TestShoebox, o: SignInOptions = {}): Promise<PageFlow> {
  const attempt = await startSignIn(server.app, o);
  return { ...attempt, open: (label) => attempt.browser.get(hrefOf(attempt.page, label)) };
}

/** Fills and posts the form of `page` (whose action it reads) in `browser`. */
export const submit = (browser: Browser, page: LightMyRequestResponse, form: Record<string, string>) => browser.postForm(actionOf(page), form);

/** The outbox of the test server, after every mail of the requests answered so far went out. */
export function sentMail(server: () => TestShoebox) {
  const all = async (): Promise<StoredMail[]> => {
    const s = server();
    await s.accountRequests.idle();
    if (s.config.mail.kind !== 'outbox') throw new Error('These tests read the outbox');
    return outboxMailer(s.config.mail.dir, '').list(100_000);
  };
  return {
    all,
    to: async (address: string) => (await all()).filter((m) => m.to === address),
  };
}

/** The link a mail carries, as a path with its query (what a browser of the test opens). */
export function linkPath(mail: StoredMail | undefined): string {
  expect(mail, 'the mail').toBeDefined();
  const link = linkIn(mail?.text ?? '');
  return `${link.pathname}${link.search}`;
}

export const tokenOf = (mail: StoredMail | undefined) => linkIn(mail?.text ?? '').searchParams.get('token') ?? '';

/** Another network address for each call, so one test's counts never limit another's. */
let clients = 0;
export const freshClient = () => {
  clients += 1;
  return `10.77.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};
