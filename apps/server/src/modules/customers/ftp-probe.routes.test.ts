import { apiErrorSchema, customerSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { settingsTestCustomer } from '../../test/settings-customer.js';

const ME = `${SERVICE_BASE_PATHS.customers}/customers/me`;
const KEPT = { callbackUrl: 'https://hooks.example.com/kept', callbackFormat: 'json' };

/** The server calls the callback back: an address that reaches the server's own network must never be stored (decision 062). */
const NOT_PUBLIC = [
  'https://localhost/orders',
  'https://LOCALHOST./orders',
  'https://localhost../orders',
  'https://intranet../orders',
  'https://api.localhost/orders',
  'https://127.0.0.1/orders',
  'https://127.1/orders',
  'https://2130706433/orders',
  'https://0x7f.0.0.1/orders',
  'https://0.0.0.0/orders',
  'https://[::1]/orders',
  'https://[::]/orders',
  'https://[::ffff:127.0.0.1]/orders',
  'https://[::ffff:a00:1]/orders',
  'https://[64:ff9b::7f00:1]/orders',
  'https://[fd00::1]/orders',
  'https://[fe80::1]/orders',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.1.2.3/orders',
  'https://172.16.0.1/orders',
  'https://192.168.1.1:8443/orders',
  'https://100.64.0.1/orders',
  'https://intranet/orders',
  'https://printer.local/orders',
  'https://metadata.google.internal/computeMetadata/v1/',
  // The forms a hostile probe found accepted (issue 26).
  'https://localhost.localdomain/orders',
  'https://erp.corp/orders',
  'https://nas.lan/orders',
  'https://router.home/orders',
  'https://db.localdomain/orders',
  'https://[::ffff:0:7f00:1]/orders',
  'https://[64:ff9b:1::a00:1]/orders',
  'https://[2002:7f00:1::1]/orders',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/orders',
  'https://[100::1]/orders',
  'https://[fec0::1]/orders',
  'https://127.0.0.1.nip.io/orders',
  'https://10-0-0-1.sslip.io/orders',
  'https://app.localtest.me/orders',
  'https://lvh.me/orders',
  'https://hooks.example.com:0/orders',
  'https://192.0.2.10/orders',
];
/** Credentials in the address would be stored and answered in clear on every GET /customers/me. */
const WITH_CREDENTIALS = ['https://erp:s3cret@hooks.example.com/orders', 'https://erp@hooks.example.com/orders'];
const NOT_HTTPS = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'];

describe.each(databases)('the FTP callback address against hostile input on $name', (kind) => {
  const server = useTestShoebox(kind);
  const patch = (headers: Record<string, string>, payload: unknown) => server().app.inject({ method: 'PATCH', url: ME, headers, payload: payload as object });
  const stored = (id: string) => server().db.selectFrom('customers').select(['callback_url', 'callback_format']).where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses loopback, private, link-local and intranet hosts, credentials and non-https schemes with 400 on callbackUrl, and keeps the callback it had', async () => {
    const business = await settingsTestCustomer(server().db, { business: true });
    expect((await patch(business.headers, KEPT)).statusCode).toBe(200);
    for (const callbackUrl of [...NOT_PUBLIC, ...WITH_CREDENTIALS, ...NOT_HTTPS]) {
      const response = await patch(business.headers, { callbackUrl, callbackFormat: 'xml' });
      expect(response.statusCode, callbackUrl).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues, callbackUrl).toEqual([{ path: 'callbackUrl', message: 'callbackUrl' }]);
      expect(response.body, callbackUrl).not.toContain('s3cret');
    }
    expect(await stored(business.id)).toEqual({ callback_url: KEPT.callbackUrl, callback_format: 'json' });
  });

  it('stores the address as the WHATWG parser read it, so a later caller with another parser cannot see another host', async () => {
    const business = await settingsTestCustomer(server().db, { business: true });
    for (const [typed, kept] of [
      ['https://hooks.example.com\\@127.0.0.1/orders', 'https://hooks.example.com/@127.0.0.1/orders'],
      ['https:/hooks.example.com/orders', 'https://hooks.example.com/orders'],
      ['HTTPS://Hooks.Example.COM:443/a b', 'https://hooks.example.com/a%20b'],
    ]) {
      const response = await patch(business.headers, { callbackUrl: typed, callbackFormat: 'json' });
      expect(response.statusCode, response.body).toBe(200);
      expect((await stored(business.id)).callback_url, typed).toBe(kept);
    }
    // Within the limit as typed, over it once the spaces are written as %20: refused, not stored longer.
    const spaces = await patch(business.headers, { callbackUrl: `https://hooks.example.com/${' '.repeat(1000)}x`, callbackFormat: 'json' });
    expect(spaces.statusCode).toBe(400);
    expect((await stored(business.id)).callback_url).toBe('https://hooks.example.com/a%20b');
  });

  it('accepts a public host by name or address, on any port, and stores no other field the body carries', async () => {
    const business = await settingsTestCustomer(server().db, { business: true });
    for (const callbackUrl of ['https://erp.hopper.example:8443/orders/ready?x=1', 'https://93.184.216.34/orders', 'https://[2606:4700::1111]/orders']) {
      const response = await patch(business.headers, { callbackUrl, callbackFormat: 'xml', business_status: null, email: 'mallory@example.com', firstName: 'Mallory' });
      expect(response.statusCode, response.body).toBe(200);
      expect(customerSchema.parse(response.json())).toMatchObject({ firstName: 'Sam', business: { status: 'Active' }, integration: { callbackUrl, callbackFormat: 'xml' } });
    }
  });
});
