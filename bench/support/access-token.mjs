// An access token for the API benches: signs `account` in through the real sign-in page in a
// headless browser and answers the auth_access_token cookie's value, to send as a bearer token.
import { launchBrowser, newContext } from './chromium.mjs';
import { signIn } from './sign-in.mjs';

export async function accessToken(baseUrl, account) {
  const { browser, close } = await launchBrowser();
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, account);
    const cookie = (await context.cookies(baseUrl)).find((c) => c.name === 'auth_access_token');
    return cookie.value;
  } finally {
    await close();
  }
}
