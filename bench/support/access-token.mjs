// An access token for the API benches: signs `account` in through the real sign-in page in a
// headless browser and answers the auth_access_token cookie's value, to send as a bearer token.
import { launchBrowser, newContext } from './chromium.mjs';
import { signInContext } from './sign-in.mjs';

export async function accessToken(baseUrl, account) {
  const { browser, close } = await launchBrowser();
  try {
    return await signInContext(await newContext(browser), baseUrl, account);
  } finally {
    await close();
  }
}
