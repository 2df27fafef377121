import type { Page } from 'playwright-core';

const MAIL_TIMEOUT_MS = 30_000;

/**
 * The newest link to `path` (followed by its query or a further path, e.g. a token) in a mail to `to`, read
 * from the development mailbox as a customer's mail client would show it (newest mail first); waits for the
 * mail to arrive.
 */
export async function linkFromMailbox(page: Page, baseUrl: string, to: string, path: string): Promise<string> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  const href = new RegExp(`href="(https?://[^"]*${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[?/][^"]+)"`);
  while (Date.now() < deadline) {
    const html = await (await page.request.get(`${baseUrl}/dev/mailbox`)).text();
    const link = html
      .split('<article>')
      .filter((mail) => mail.includes(`To ${to} `))
      .map((mail) => href.exec(mail)?.[1])
      .find(Boolean);
    if (link) return link.replace(/&amp;/g, '&');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No mail to ${to} with a link to ${path} in the development mailbox after ${MAIL_TIMEOUT_MS / 1000} s`);
}

/** Holds the browser's confirm call until `release` is called, so the page that waits for it can be looked at. */
export async function holdConfirmCall(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/actions/confirm', async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}
