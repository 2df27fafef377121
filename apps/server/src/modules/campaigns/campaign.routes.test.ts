import { apiErrorSchema, articleGroupListSchema, campaignOfferListSchema, campaignOfferSchema, campaignSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, useLibraryServer } from '../../test/photo-library.js';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts.js';
import { seedDemoCampaigns } from '../../seed/demo-campaigns.js';
import { DEMO_VOUCHERS } from '../../seed/demo-vouchers.js';
import { insertTestOrder } from '../../test/fulfilment-orders.js';

const ORDERS = SERVICE_BASE_PATHS.orders;
const offerUrl = (code: string) => `${ORDERS}/api/v1/campaigns/offers/${encodeURIComponent(code)}`;
const refreshUrl = (productCode: string) => `${ORDERS}/api/v1/campaigns/vouchers/products/${encodeURIComponent(productCode)}`;

describe.each(databases)('campaigns, vouchers and article groups on $name', (kind) => {
  const server = useLibraryServer(kind);
  beforeAll(async () => {
    if (kind.available) await seedDemoCampaigns(server().db);
  });

  async function get(url: string, headers: Record<string, string>) {
    return server().app.inject({ url, headers });
  }
  function expectNotFound(response: { statusCode: number; json(): unknown }) {
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
  }

  it("answers a voucher's offer by its code, typed in any case", async () => {
    const me = await newCustomer(server());
    const response = await get(offerUrl('books20'), me.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(campaignOfferSchema.parse(response.json())).toMatchObject({
      voucherOptionCode: DEMO_VOUCHERS.photoBooks,
      campaignName: 'photo-books',
      title: '20% off photo books',
      discountKind: 'Percentage',
      discountValue: 20,
      currency: null,
      articleGroups: ['PHOTO_BOOKS'],
    });
    const amount = campaignOfferSchema.parse((await get(offerUrl(DEMO_VOUCHERS.welcome), me.headers)).json());
    expect(amount).toMatchObject({ discountKind: 'Amount', discountValue: 500, currency: 'GBP', minimumOrderAmount: 1500, articleGroups: [] });
  });

  it("answers the offer in the storefront's language where it is translated, else as written; an unknown locale is a 400", async () => {
    const me = await newCustomer(server());
    const inLocale = async (locale: string) => campaignOfferSchema.parse((await get(`${offerUrl(DEMO_VOUCHERS.photoBooks)}?locale=${locale}`, me.headers)).json());
    expect(await inLocale('de-DE')).toMatchObject({ title: '20 % Rabatt auf Fotobücher', description: 'Jedes Fotobuch, jedes Format.', discountValue: 20 });
    expect(await inLocale('de-AT')).toMatchObject({ title: '20 % Rabatt auf Fotobücher' });
    expect(await inLocale('sv-SE')).toMatchObject({ title: '20 % rabatt på fotoböcker' });
    // No Italian texts: the offer as the back office wrote it.
    expect(await inLocale('it-IT')).toMatchObject({ title: '20% off photo books', description: 'Any photo book, any size.' });
    expect((await get(`${offerUrl(DEMO_VOUCHERS.photoBooks)}?locale=xx-XX`, me.headers)).statusCode).toBe(400);
  });

  it('answers 404 for a voucher code nobody issued, and 401 without a token', async () => {
    const me = await newCustomer(server());
    expectNotFound(await get(offerUrl('NOSUCHCODE'), me.headers));
    expect((await get(offerUrl(DEMO_VOUCHERS.springPrints), {})).statusCode).toBe(401);
  });

  it("lists the running offers made for an article's group, in the asked language; a voucher for everything, an ended one and another group's are left out", async () => {
    const me = await newCustomer(server());
    const running = async (query: string) => {
      const response = await get(`${ORDERS}/api/v1/campaigns/offers?${query}`, me.headers);
      expect(response.statusCode, response.body).toBe(200);
      return campaignOfferListSchema.parse(response.json()).items;
    };
    expect((await running('articleName=PAP_910')).map((o) => o.voucherOptionCode)).toEqual([DEMO_VOUCHERS.printsBundle, DEMO_VOUCHERS.springPrints]);
    expect((await running('articleName=PHB_A4L')).map((o) => o.voucherOptionCode)).toEqual([DEMO_VOUCHERS.photoBooks]);
    // The canvas's campaign has ended; an article in no group has none.
    expect(await running('articleName=CAN_6040')).toEqual([]);
    expect(await running('articleName=NOT_AN_ARTICLE')).toEqual([]);
    const [, spring] = await running('articleName=PAP_910&locale=nl-NL');
    expect(spring!.title).not.toBe('25% off photo prints');
    expect((await get(`${ORDERS}/api/v1/campaigns/offers`, me.headers)).statusCode).toBe(400);
  });

  it('lists the article groups with their cut-off times, in their order', async () => {
    const me = await newCustomer(server());
    const response = await get(`${ORDERS}/v1/ArticleGroup`, me.headers);
    expect(response.statusCode).toBe(200);
    const { items } = articleGroupListSchema.parse(response.json());
    expect(items.map((g) => g.code)).toEqual(['PRINTS', 'PHOTO_BOOKS', 'WALL_DECOR', 'CALENDARS', 'CARDS', 'GIFTS']);
    expect(items[0]).toMatchObject({ name: 'Photo prints', orderCutoff: '22:00', timeZone: 'Europe/London', productionDays: 1 });
    expect(items[0]!.articleNames).toContain('PAP_910');
  });

  it('answers a campaign by name with its voucher options and whether it runs now; 404 for an unknown name', async () => {
    const me = await newCustomer(server());
    const running = await get(`${ORDERS}/v1/Campaign/spring-prints`, me.headers);
    expect(running.statusCode).toBe(200);
    expect(campaignSchema.parse(running.json())).toMatchObject({ name: 'spring-prints', active: true, voucherOptionCodes: [DEMO_VOUCHERS.springPrints] });
    const ended = campaignSchema.parse((await get(`${ORDERS}/v1/Campaign/summer-2025`, me.headers)).json());
    expect(ended).toMatchObject({ active: false, voucherOptionCodes: [DEMO_VOUCHERS.expired] });
    expectNotFound(await get(`${ORDERS}/v1/Campaign/winter-sale`, me.headers));
  });

  it("refreshes the voucher of the caller's own product; another customer's product, one without a voucher and an unknown voucher answer 404", async () => {
    const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
    const mine = await insertTestOrder(server(), me.id, { vouchers: [DEMO_VOUCHERS.welcome, null, 'RETIRED5'] });
    const theirs = await insertTestOrder(server(), stranger.id, { vouchers: [DEMO_VOUCHERS.welcome] });

    const refreshed = await get(refreshUrl(mine.productCodes[0]!), me.headers);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(campaignOfferSchema.parse(refreshed.json())).toMatchObject({ voucherOptionCode: DEMO_VOUCHERS.welcome, discountValue: 500 });

    expectNotFound(await get(refreshUrl(theirs.productCodes[0]!), me.headers));
    expectNotFound(await get(refreshUrl(mine.productCodes[1]!), me.headers));
    expectNotFound(await get(refreshUrl(mine.productCodes[2]!), me.headers));
    expectNotFound(await get(refreshUrl('NO-SUCH-PRODUCT'), me.headers));
  });

  it('opens every voucher the demo order histories carry as an offer', async () => {
    const me = await newCustomer(server());
    const demoCustomers = server().db.selectFrom('customers').select('id').where('email', 'in', DEMO_ACCOUNTS.map((a) => a.email));
    const rows = await server().db.selectFrom('order_products').select('voucher_code').distinct().where('voucher_code', 'is not', null).where('customer_id', 'in', demoCustomers).execute();
    const codes = rows.map((r) => r.voucher_code!);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      const response = await get(offerUrl(code), me.headers);
      expect(response.statusCode, code).toBe(200);
    }
  });

  it('seeds the demo campaigns once: a second run changes nothing', async () => {
    const count = async () =>
      Promise.all((['campaigns', 'campaign_offers', 'article_groups'] as const).map(async (t) => (await server().db.selectFrom(t).selectAll().execute()).length));
    const before = await count();
    await seedDemoCampaigns(server().db, Date.now() + 86_400_000);
    expect(await count()).toEqual(before);
    expect(before).toEqual([6, 6, 6]);
  });
});
