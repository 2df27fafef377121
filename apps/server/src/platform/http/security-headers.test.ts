import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.js';
import { finishSignIn, startSignIn, submitLogin } from '../../test/sign-in.js';
import { startTestShoebox, useTestShoebox } from '../../test/test-server.js';

function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header, 'Content-Security-Policy header').toBeTypeOf('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectHardened(response: LightMyRequestResponse): void {
  const policy = csp(response);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe.each(databases)('security headers on $name', (kind) => {
  const server = useTestShoebox(kind);

  it.each([
    ['the health check', '/health'],
    ['an API call without a token', '/api/customer/customers/me'],
    ['an unknown API route', '/api/nothing-here'],
    ['the app configuration', '/config.json'],
  ])('are set on %s (%s)', async (_name, url) => {
    expectHardened(await server().app.inject({ url }));
  });

  it('are set on the account area page and on deep links to it', async () => {
    for (const url of ['/', '/photos/timeline']) {
      const response = await server().app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expectHardened(response);
    }
  });

  it('are set on static assets', async () => {
    const response = await server().app.inject({ url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expectHardened(response);
  });

  it('are set on the sign-in provider, its redirects and its sign-in page', async () => {
    const { app } = server();
    expectHardened(await app.inject({ url: '/oidc/.well-known/openid-configuration' }));
    expectHardened(await app.inject({ url: '/oidc/jwks' }));
    expectHardened(await app.inject({ url: '/oidc/auth?client_id=shoebox-web' }));
    const attempt = await startSignIn(app);
    expect(attempt.page.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(attempt.page);
    expect(attempt.page.body).not.toMatch(/<script/i);
  });

  it('allow the sign-out page only its own script, by nonce', async () => {
    const { app } = server();
    const attempt = await startSignIn(app);
    await finishSignIn(attempt, await submitLogin(attempt, 'emma@example.com', DEMO_PASSWORD));
    const response = await attempt.browser.get('/oidc/session/end?client_id=shoebox-web');
    expect(response.statusCode).toBe(200);
    expectHardened(response);
    const nonce = /<script nonce="([^"]+)">/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp(response).get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
  });

  it('omit Strict-Transport-Security on plain http', async () => {
    const response = await server().app.inject({ url: '/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.skipIf(!kind.available)('add Strict-Transport-Security when the public address is https', async () => {
    const https = await startTestShoebox(kind, { seed: false, env: { PUBLIC_URL: 'https://account.printhaven.example' } });
    try {
      const response = await https.app.inject({ url: '/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expectHardened(response);
    } finally {
      await https.dispose();
    }
  });
});
