import { API_SERVICES, apiErrorSchema, appConfigSchema, CHANNELS, FEATURE_FLAGS, publicConfigurationSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { FIXTURE_INDEX_HTML, ISSUER, PUBLIC_URL, useTestShoebox } from '../../test/test-server.js';

const page = (host: string, url = '/') => ({ url, headers: { host, accept: 'text/html,application/xhtml+xml' } });

describe.each(databases)('site routes on $name', (kind) => {
  const server = useTestShoebox(kind, { seed: false });

  describe('/config.json', () => {
    it('points every service, the push socket and sign-in at the origin the page came from', async () => {
      const response = await server().app.inject({ url: '/config.json', headers: { host: 'localhost:3000' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const config = appConfigSchema.parse(response.json());
      for (const service of API_SERVICES) expect(config.api[service]).toBe(`${PUBLIC_URL}${SERVICE_BASE_PATHS[service]}`);
      expect(config.pushSocketUrl).toBe('ws://localhost:3000/api/push');
      expect(config.uploadUrl).toBe(`${PUBLIC_URL}/api/uploads`);
      expect(config.auth).toEqual({ authority: ISSUER, clientId: 'shoebox-web', scope: 'openid email profile offline_access account' });
      expect(config.flags).toEqual(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, ['*']])));
      expect(config.supportChat.enabled).toBe(true);
      expect(config.testHosts).toEqual(['localhost', '127.0.0.1']);
      expect(config.printsEditorUrl).toBe(`${PUBLIC_URL}/prints-editor`);
    });

    it('falls back to the public address for a host it does not serve', async () => {
      const config = appConfigSchema.parse((await server().app.inject({ url: '/config.json', headers: { host: 'evil.example' } })).json());
      expect(config.api.customers).toBe(`${PUBLIC_URL}/api/customer`);
      expect(config.pushSocketUrl).toBe('ws://localhost:3000/api/push');
    });
  });

  describe('/api/configuration/:vendorId', () => {
    it('answers every storefront with its menus and page addresses', async () => {
      for (const channel of CHANNELS) {
        const response = await server().app.inject({ url: `/api/configuration/${channel.vendorId}` });
        expect(response.statusCode, channel.vendorId).toBe(200);
        const config = publicConfigurationSchema.parse(response.json());
        expect(config.vendorId).toBe(channel.vendorId);
        expect(config.routes.storefront).toBe(`https://${channel.host}/`);
      }
    });

    it("speaks the storefront's language and may be cached briefly", async () => {
      const response = await server().app.inject({ url: '/api/configuration/printhaven-nl' });
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const config = publicConfigurationSchema.parse(response.json());
      expect(config.menus.main).toEqual([{ label: 'Producten', url: 'https://www.printhaven.nl/products' }]);
    });

    it('404 for an unknown vendor', async () => {
      const response = await server().app.inject({ url: '/api/configuration/printhaven-xx' });
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
    });
  });

  describe('search engines', () => {
    it('robots.txt shuts a test host out completely', async () => {
      for (const host of ['localhost:3000', '127.0.0.1:3000', 'LOCALHOST']) {
        const response = await server().app.inject({ url: '/robots.txt', headers: { host } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toBe('User-agent: *\nDisallow: /\n');
      }
    });

    it('robots.txt lets a storefront host index only its root', async () => {
      const response = await server().app.inject({ url: '/robots.txt', headers: { host: 'www.printhaven.nl' } });
      expect(response.body).toBe('User-agent: *\nAllow: /$\nDisallow: /\n');
    });

    it('the root page of a host that is not a test host may be indexed, and names only our own origin canonical', async () => {
      for (const host of ['www.printhaven.nl', 'attacker.example']) {
        const response = await server().app.inject(page(host));
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
        expect(response.body).not.toContain('noindex');
        expect(response.headers['x-robots-tag']).toBeUndefined();
      }
    });

    it('every other page, and every page of a test host, is noindex', async () => {
      for (const [host, url] of [
        ['www.printhaven.nl', '/photos/timeline'],
        ['localhost:3000', '/'],
      ] as const) {
        const response = await server().app.inject(page(host, url));
        expect(response.statusCode, `${host}${url}`).toBe(200);
        expect(response.headers['x-robots-tag']).toBe('noindex');
        expect(response.body).toContain('<meta name="robots" content="noindex">');
        expect(response.body).not.toContain('canonical');
      }
    });
  });

  describe('the web app', () => {
    it('serves the index page for deep links, revalidated on every visit', async () => {
      const response = await server().app.inject(page('localhost:3000', '/orders/123?tab=invoices'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(FIXTURE_INDEX_HTML.replace('<!--seo-->', '<meta name="robots" content="noindex">'));
    });

    it('serves hashed assets as immutable and unknown files as 404', async () => {
      const asset = await server().app.inject({ url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const missing = await server().app.inject({ url: '/assets/missing.js' });
      expect(missing.statusCode).toBe(404);
    });
  });
});

describe.each(databases)('site routes as an operator configured them on $name', (kind) => {
  const server = useTestShoebox(kind, {
    seed: false,
    env: {
      EXTRA_ORIGINS: 'http://www.printhaven.nl, http://www.albumly.de',
      API_BASE_ORDERS: 'https://orders.printhaven.example/v2',
      FEATURE_FLAGS: JSON.stringify({ PhotoManagementPreviewEnabled: ['www.printhaven.nl'] }),
      SUPPORT_CHAT_ENABLED: 'false',
      TEST_HOSTS: 'localhost,staging.printhaven.nl',
      PRINTS_EDITOR_URL: 'https://editor.printhaven.example/prints',
      SENTRY_DSN: 'https://0123456789abcdef@errors.printhaven.example/7',
    },
  });

  it('/config.json follows a brand host, keeps a service pointed elsewhere, and carries the flags and chat setting', async () => {
    const config = appConfigSchema.parse((await server().app.inject({ url: '/config.json', headers: { host: 'www.printhaven.nl' } })).json());
    expect(config.api.customers).toBe('http://www.printhaven.nl/api/customer');
    expect(config.api.orders).toBe('https://orders.printhaven.example/v2');
    expect(config.pushSocketUrl).toBe('ws://www.printhaven.nl/api/push');
    expect(config.auth.authority).toBe(ISSUER);
    expect(config.flags.PhotoManagementPreviewEnabled).toEqual(['www.printhaven.nl']);
    expect(config.flags.PhotoManagementTimelineViewEnabled).toEqual(['*']);
    expect(config.supportChat.enabled).toBe(false);
    expect(config.testHosts).toEqual(['localhost', 'staging.printhaven.nl']);
    expect(config.printsEditorUrl).toBe('https://editor.printhaven.example/prints');
    expect(config.errorReporting).toEqual({ sentryDsn: 'https://0123456789abcdef@errors.printhaven.example/7' });
  });

  it('lets pages call a service that lives elsewhere, and send their failures to the Sentry project', async () => {
    const csp = String((await server().app.inject({ url: '/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/orders\.printhaven\.example/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/errors\.printhaven\.example/);
  });

  it('names a configured brand host as the canonical address of its own root page', async () => {
    const response = await server().app.inject(page('www.printhaven.nl'));
    expect(response.body).toContain('<link rel="canonical" href="http://www.printhaven.nl/">');
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });

  it('treats a configured test host as one', async () => {
    const robots = await server().app.inject({ url: '/robots.txt', headers: { host: 'staging.printhaven.nl' } });
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    expect((await server().app.inject(page('staging.printhaven.nl'))).headers['x-robots-tag']).toBe('noindex');
  });
});
