import { PHOTO_BOOKS_ARTICLE_GROUP, PRINT_ARTICLES } from '@shoebox/contracts';
import type { Db } from '../platform/db/database.js';
import type { ArticleGroupsTable, CampaignOffersTable, CampaignsTable } from '../platform/db/schema.js';
import { DEMO_OFFER_TRANSLATIONS } from './demo-offer-translations.js';
import { DEMO_VOUCHERS } from './demo-vouchers.js';

const DAY = 86_400_000;


function campaigns(now: number): CampaignsTable[] {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  return [
    { name: 'spring-prints', title: 'Spring prints', description: 'A quarter off every photo print while the days grow longer.', starts_at: at(-30), ends_at: at(60) },
    { name: 'prints-bundle', title: 'Prints by the hundred', description: 'Order 100 prints or more and pay for 80.', starts_at: at(-365), ends_at: at(180) },
    { name: 'photo-books', title: 'Photo book days', description: 'A fifth off every photo book, all year round.', starts_at: at(-400), ends_at: at(200) },
    { name: 'welcome', title: 'Welcome to Printhaven', description: '£5 off your first order, whatever you make.', starts_at: at(-2000), ends_at: at(365) },
    { name: 'free-delivery', title: 'Free home delivery', description: 'Home delivery at no charge on orders of £25 or more.', starts_at: at(-90), ends_at: at(90) },
    { name: 'summer-2025', title: 'Summer memories', description: '20% off canvases and calendars, last summer only.', starts_at: at(-300), ends_at: at(-200) },
  ];
}

function offers(now: number): CampaignOffersTable[] {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const groups = (...codes: string[]) => JSON.stringify(codes);
  // The bundle's minimum is 100 prints of 10x15 at the storefront's price (£17.00), as the offer can only count money.
  const rows: Omit<CampaignOffersTable, 'translations'>[] = [
    { voucher_option_code: DEMO_VOUCHERS.springPrints, campaign_name: 'spring-prints', title: '25% off photo prints', description: 'Every size of photo print, any quantity.', discount_kind: 'Percentage', discount_value: 25, currency: null, minimum_order_amount: 0, article_groups: groups('PRINTS'), valid_from: at(-30), valid_until: at(60) },
    { voucher_option_code: DEMO_VOUCHERS.printsBundle, campaign_name: 'prints-bundle', title: '100 prints for the price of 80', description: 'A fifth off an order of 100 photo prints or more.', discount_kind: 'Percentage', discount_value: 20, currency: null, minimum_order_amount: 1700, article_groups: groups('PRINTS'), valid_from: at(-365), valid_until: at(180) },
    { voucher_option_code: DEMO_VOUCHERS.photoBooks, campaign_name: 'photo-books', title: '20% off photo books', description: 'Any photo book, any size.', discount_kind: 'Percentage', discount_value: 20, currency: null, minimum_order_amount: 0, article_groups: groups(PHOTO_BOOKS_ARTICLE_GROUP), valid_from: at(-400), valid_until: at(200) },
    { voucher_option_code: DEMO_VOUCHERS.welcome, campaign_name: 'welcome', title: '£5 off your first order', description: 'Once per customer, on an order of £15 or more.', discount_kind: 'Amount', discount_value: 500, currency: 'GBP', minimum_order_amount: 1500, article_groups: '[]', valid_from: at(-2000), valid_until: at(365) },
    { voucher_option_code: DEMO_VOUCHERS.freeDelivery, campaign_name: 'free-delivery', title: 'Free home delivery', description: 'The delivery charge, on orders of £25 or more.', discount_kind: 'Amount', discount_value: 495, currency: 'GBP', minimum_order_amount: 2500, article_groups: '[]', valid_from: at(-90), valid_until: at(90) },
    { voucher_option_code: DEMO_VOUCHERS.expired, campaign_name: 'summer-2025', title: '20% off canvases and calendars', description: 'Ended with last summer.', discount_kind: 'Percentage', discount_value: 20, currency: null, minimum_order_amount: 0, article_groups: groups('WALL_DECOR', 'CALENDARS'), valid_from: at(-300), valid_until: at(-200) },
  ];
  return rows.map((row) => ({ ...row, translations: JSON.stringify(DEMO_OFFER_TRANSLATIONS[row.voucher_option_code] ?? {}) }));
}

/** The article names are those the demo order histories' products carry, and every size the embedded prints editor sells. */
const ARTICLE_GROUPS: ArticleGroupsTable[] = [
  { code: 'PRINTS', name: 'Photo prints', article_names: JSON.stringify(Object.values(PRINT_ARTICLES)), order_cutoff: '22:00', time_zone: 'Europe/London', production_days: 1, sort_order: 1 },
  { code: PHOTO_BOOKS_ARTICLE_GROUP, name: 'Photo books', article_names: JSON.stringify(['PHB_A4L']), order_cutoff: '14:00', time_zone: 'Europe/London', production_days: 3, sort_order: 2 },
  { code: 'WALL_DECOR', name: 'Wall decor', article_names: JSON.stringify(['CAN_6040']), order_cutoff: '12:00', time_zone: 'Europe/London', production_days: 4, sort_order: 3 },
  { code: 'CALENDARS', name: 'Calendars', article_names: JSON.stringify(['CAL_A3']), order_cutoff: '14:00', time_zone: 'Europe/London', production_days: 2, sort_order: 4 },
  { code: 'CARDS', name: 'Cards', article_names: JSON.stringify(['CRD_10']), order_cutoff: '18:00', time_zone: 'Europe/London', production_days: 1, sort_order: 5 },
  { code: 'GIFTS', name: 'Photo gifts', article_names: JSON.stringify(['MUG_STD']), order_cutoff: '12:00', time_zone: 'Europe/London', production_days: 3, sort_order: 6 },
];

/** Creates the demo campaigns, offers and article groups that do not exist yet; safe to run on every start. */
export async function seedDemoCampaigns(db: Db, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('campaigns').values(campaigns(now)).onConflict((oc) => oc.column('name').doNothing()).execute();
    // Offers seeded before they were translated get their translations; nothing else of an existing offer changes.
    await trx
      .insertInto('campaign_offers')
      .values(offers(now))
      .onConflict((oc) => oc.column('voucher_option_code').doUpdateSet((eb) => ({ translations: eb.ref('excluded.translations') })).where('campaign_offers.translations', '=', '{}'))
      .execute();
    await trx.insertInto('article_groups').values(ARTICLE_GROUPS).onConflict((oc) => oc.column('code').doNothing()).execute();
  });
}
