import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases.js';
import { Browser, CLIENT_ID, locationOf, REDIRECT_URI, SCOPE } from '../../../test/sign-in.js';
import { hrefOf } from '../../../test/sign-in-page.js';
import { PUBLIC_URL, useTestShoebox } from '../../../test/test-server.js';
import { storefrontOf } from './storefront.js';

const OWN = ['http://localhost:3000', 'https://www.albumly.nl'];

describe('the storefront a sign-in belongs to', () => {
  const host = (o: Parameters<typeof storefrontOf>[0]) => storefrontOf(o).host;

  it('is the one the account area\'s page was opened for with ?channel=, on any of its own origins', () => {
    expect(host({ referer: 'http://localhost:3000/orders?channel=www.albumly.de', uiLocales: 'de-DE', origins: OWN })).toBe('www.albumly.de');
    expect(host({ referer: 'http://localhost:3000/?channel=www.printhaven-nordic.se', origins: OWN })).toBe('www.printhaven.se');
  });

  it('believes no other site\'s page', () => {
    expect(host({ referer: 'https://evil.example/?channel=www.albumly.de', uiLocales: 'en-GB', origins: OWN })).toBe('www.printhaven.co.uk');
  });

  it('is else the storefront whose host the page, the account area\'s redirect or the request is on', () => {
    expect(host({ referer: 'https://www.albumly.nl/photos', origins: OWN })).toBe('www.albumly.nl');
    expect(host({ redirectUri: 'https://www.albumly.nl/auth/callback', uiLocales: 'nl-NL', origins: OWN })).toBe('www.albumly.nl');
    expect(host({ host: 'www.printhaven.be', origins: OWN })).toBe('www.printhaven.be');
  });

  it('is last a storefront of the language asked for, and the default one without any', () => {
    expect(host({ redirectUri: `${PUBLIC_URL}/auth/callback`, uiLocales: 'de-DE', origins: OWN })).toBe('www.printhaven.de');
    expect(host({ uiLocales: 'xx-XX nb-NO', origins: OWN })).toBe('www.printhaven.no');
    expect(host({ redirectUri: 42, origins: OWN })).toBe('www.printhaven.co.uk');
  });
});

describe.each(databases)('the branded sign-in page on $name', (kind) => {
  const server = useTestShoebox(kind);

  /** The account area's authorization request, from the page `referer`, followed to the sign-in page. */
  async function signInPage(o: { referer?: string; uiLocales?: string } = {}) {
    const browser = new Browser(server().app);
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: SCOPE,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      ...(o.uiLocales ? { ui_locales: o.uiLocales } : {}),
    });
    const interaction = locationOf(await browser.request({ method: 'GET', url: `/oidc/auth?${query}`, headers: o.referer ? { referer: o.referer } : {} }));
    return { interaction: new URL(interaction), page: await browser.get(interaction), browser };
  }

  it('shows the storefront the account area was opened for: its brand\'s name and colours, in its language', async () => {
    const { interaction, page } = await signInPage({ referer: `${PUBLIC_URL}/?channel=www.albumly.de`, uiLocales: 'de-DE' });
    expect(interaction.searchParams.get('channel')).toBe('www.albumly.de');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de-DE">');
    expect(page.body).toContain('<body data-brand="albumly">');
    expect(page.body).toContain('<header class="masthead"><p class="brand">Albumly</p></header>');
    expect(page.body).toContain('<title>Sign in | Albumly</title>');
    // Every page of the flow keeps the storefront.
    const uid = interaction.pathname.split('/').at(-1);
    expect(page.body).toContain(`<form method="post" action="/oidc/interaction/${uid}/login?channel=www.albumly.de" novalidate>`);
    expect(hrefOf(page, 'Forgot password?')).toBe(`/oidc/interaction/${uid}/forgot-password?channel=www.albumly.de`);
    expect(hrefOf(page, 'Create an account')).toBe(`/oidc/interaction/${uid}/register?channel=www.albumly.de`);
  });

  it('falls back to a storefront of the language asked for, and keeps it through a wrong password', async () => {
    const { page, browser } = await signInPage({ uiLocales: 'de-DE' });
    expect(page.body).toContain('<body data-brand="printhaven">');
    expect(page.body).toContain('<p class="brand">Printhaven</p>');
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(action).toMatch(/\?channel=www\.printhaven\.de$/);
    const wrong = await browser.postForm(action, { email: 'emma@example.com', password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('<html lang="de-DE">');
    expect(wrong.body).toContain('<p class="brand">Printhaven</p>');
  });

  it('serves both brands\' colours in its one stylesheet', async () => {
    const css = await server().app.inject({ url: '/oidc-assets/sign-in.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('body[data-brand="albumly"]{--accent:#7a2e6b');
    expect(css.body).toContain('body{--accent:#0b6b55');
  });

  it('shows an expired sign-in in the storefront\'s language and brand, starting again on it', async () => {
    const expired = await server().app.inject({ url: '/oidc/interaction/gone/register?channel=www.albumly.nl' });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('<html lang="nl-NL">');
    expect(expired.body).toContain('<p class="brand">Albumly</p>');
    expect(expired.body).toContain('<a class="button" href="/?channel=www.albumly.nl">');
  });
});
