import { apiErrorSchema, customerSchema, type BusinessStatus } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, useLibraryServer } from '../../test/photo-library.js';
import { callAs, newBusinessCustomer } from '../../test/widgets.js';

const URL = '/api/customer/customers/me/business-details';

describe.each(databases)('a business customer giving their company details on $name', (kind) => {
  const server = useLibraryServer(kind);
  const business = async (status: BusinessStatus, channel = 'www.printhaven.nl') => {
    const who = await newBusinessCustomer(server());
    await server().db.updateTable('customers').set({ business_status: status, business_company: null, business_vat: null, channel }).where('id', '=', who.id).execute();
    return who;
  };
  const give = (who: Awaited<ReturnType<typeof business>>, body: unknown) => callAs(server(), who, { method: 'PUT', url: URL, payload: body as object });
  const rowOf = (id: string) => server().db.selectFrom('customers').select(['business_company', 'business_vat', 'business_status']).where('id', '=', id).executeTakeFirstOrThrow();

  it('takes them while they are missing: kept without spaces or dots, and the account then awaits validation', async () => {
    const who = await business('Default');
    const response = await give(who, { companyName: ' Bakker Events BV ', vatNumber: 'nl 1234.56789 b01' });
    expect(response.statusCode, response.body).toBe(200);
    expect(customerSchema.parse(response.json()).business).toEqual({ companyName: 'Bakker Events BV', vatNumber: 'NL123456789B01', status: 'New' });
    // Awaiting validation, they may still be corrected.
    expect((await give(who, { companyName: 'Bakker Events B.V.', vatNumber: 'NL123456789B02' })).statusCode).toBe(200);
    expect(await rowOf(who.id)).toEqual({ business_company: 'Bakker Events B.V.', business_vat: 'NL123456789B02', business_status: 'New' });
  });

  it("refuses a VAT number not of the storefront's country's form, naming the field, and changes nothing", async () => {
    const nl = await business('Default');
    for (const vatNumber of ['DE123456789', 'NL12345678B01', '123456789B01', 'NL123456789B0']) {
      const response = await give(nl, { companyName: 'Bakker Events BV', vatNumber });
      expect(response.statusCode, vatNumber).toBe(400);
      expect(apiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toEqual(['vatNumber']);
    }
    expect(await rowOf(nl.id)).toEqual({ business_company: null, business_vat: null, business_status: 'Default' });
    // The same German number is right on the German storefront.
    expect((await give(await business('Default', 'www.printhaven.de'), { companyName: 'Fotostudio GmbH', vatNumber: 'DE123456789' })).statusCode).toBe(200);
    // An empty company name or one with control characters is a 400 too.
    expect((await give(nl, { companyName: '  ', vatNumber: 'NL123456789B01' })).statusCode).toBe(400);
    expect((await give(nl, { companyName: 'Evil\u202eCorp', vatNumber: 'NL123456789B01' })).statusCode).toBe(400);
  });

  it('leaves validated details to customer care (409), a Blocked account adds nothing (403), and a consumer has none (403)', async () => {
    const active = await business('Active');
    const validated = await give(active, { companyName: 'Other BV', vatNumber: 'NL123456789B01' });
    expect(validated.statusCode).toBe(409);
    expect(apiErrorSchema.parse(validated.json()).error).toBe('business_details_validated');
    const blocked = await give(await business('Blocked'), { companyName: 'Other BV', vatNumber: 'NL123456789B01' });
    expect(blocked.statusCode).toBe(403);
    expect(apiErrorSchema.parse(blocked.json()).error).toBe('account_blocked');
    expect((await give(await newCustomer(server()), { companyName: 'Other BV', vatNumber: 'NL123456789B01' })).statusCode).toBe(403);
    expect(await rowOf(active.id)).toEqual({ business_company: null, business_vat: null, business_status: 'Active' });
  });
});
