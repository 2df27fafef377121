// Signing in through the real, server-rendered sign-in page.
export const EMMA = { email: 'emma@example.com', password: 'shoebox-demo', greeting: 'Hello Emma' };
/** The demo customer whose storage status is a warning (never ordered, photos deleted in about six weeks). */
export const LARS = { email: 'lars@example.com', password: 'shoebox-demo', greeting: 'Hello Lars' };

const SIGN_IN_PATH = /^\/oidc\/interaction\/[^/]+$/;

export const isSignInUrl = (url) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/oidc') || pathname.startsWith('/auth/callback');
};

/**
 * Opens the account area, is sent to the sign-in page, signs in as `account` and waits until the
 * overview greets them. Leaves the session cookies in the page's context.
 */
export async function signIn(page, baseUrl, account = EMMA) {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL((url) => SIGN_IN_PATH.test(url.pathname));
  await page.locator('#email').fill(account.email);
  await page.locator('#password').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/' && url.origin === new URL(baseUrl).origin);
  await page.getByText(account.greeting).waitFor({ state: 'visible' });
  const cookies = (await page.context().cookies(baseUrl)).map((c) => c.name);
  if (!cookies.includes('auth_access_token')) throw new Error(`Signed in, but no auth_access_token cookie was set (cookies: ${cookies.join(', ')})`);
}

/** The API token of a signed-in context: its auth_access_token cookie, to send as a bearer token. */
export async function bearerToken(context, baseUrl) {
  return (await context.cookies(baseUrl)).find((c) => c.name === 'auth_access_token').value;
}

/** Signs `account` in within `context` on a page of its own, closed after, and answers the session's API token. */
export async function signInContext(context, baseUrl, account) {
  const page = await context.newPage();
  await signIn(page, baseUrl, account);
  await page.close();
  return bearerToken(context, baseUrl);
}
