import type { Db } from '../platform/db/database.js';
import type { ArticleGroupsTable, CampaignOffersTable, CampaignsTable } from '../platform/db/schema.js';

const DAY = 86_400_000;

/**
 * The voucher codes the demo offers carry. Demo orders put these on their products, so an order's
 * voucher opens as an offer; DEMO_EXPIRED_VOUCHER belongs to a campaign that has ended.
 */
export const DEMO_VOUCHERS = {
  springPrints: 'SPRING25',
  printsTen: 'PRINTS10',
  photoBook: 'BOOK15',
  welcome: 'WELCOME10',
  freeShipping: 'SHIPFREE',
  expired: 'SUMMER20',
} as const;

/** Article codes the demo groups hold, as demo orders name their products. */
export const DEMO_ARTICLES = {
  prints10x15: 'PAP_910',
  prints13x18: 'PAP_913',
  prints20x30: 'PAP_920',
  photoBookA4: 'PB_HARDCOVER_A4',
  photoBookA5: 'PB_SOFTCOVER_A5',
  canvas: 'WD_CANVAS_40X60',
  wallCalendar: 'CAL_WALL_A3',
  foldedCard: 'CRD_FOLDED_A6',
} as const;

function campaigns(now: number): CampaignsTable[] {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  return [
    { name: 'spring-prints', title: 'Spring prints', description: 'A quarter off every photo print while the days grow longer.', starts_at: at(-30), ends_at: at(60) },
    { name: 'photo-book-weekend', title: 'Photo book weekend', description: '£15 off a photo book of £40 or more.', starts_at: at(-10), ends_at: at(20) },
    { name: 'welcome', title: 'Welcome to Printhaven', description: '10% off your first order, whatever you make.', starts_at: at(-730), ends_at: at(365) },
    { name: 'free-delivery', title: 'Free home delivery', description: 'Home delivery at no charge on orders of £25 or more.', starts_at: at(-90), ends_at: at(90) },
    { name: 'summer-2025', title: 'Summer memories', description: '20% off canvases and calendars, last summer only.', starts_at: at(-300), ends_at: at(-200) },
  ];
}

function offers(now: number): CampaignOffersTable[] {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const prints = JSON.stringify(['PRINTS']);
  return [
    { voucher_option_code: DEMO_VOUCHERS.springPrints, campaign_name: 'spring-prints', title: '25% off photo prints', description: 'Every size of photo print, any quantity.', discount_kind: 'Percentage', discount_value: 25, currency: null, minimum_order_amount: 0, article_groups: prints, valid_from: at(-30), valid_until: at(60) },
    { voucher_option_code: DEMO_VOUCHERS.printsTen, campaign_name: 'spring-prints', title: '£10 off 100 prints or more', description: 'Off an order of photo prints worth £20 or more.', discount_kind: 'Amount', discount_value: 1000, currency: 'GBP', minimum_order_amount: 2000, article_groups: prints, valid_from: at(-30), valid_until: at(60) },
    { voucher_option_code: DEMO_VOUCHERS.photoBook, campaign_name: 'photo-book-weekend', title: '£15 off a photo book', description: 'Any photo book of £40 or more.', discount_kind: 'Amount', discount_value: 1500, currency: 'GBP', minimum_order_amount: 4000, article_groups: JSON.stringify(['PHOTO_BOOKS']), valid_from: at(-10), valid_until: at(20) },
    { voucher_option_code: DEMO_VOUCHERS.welcome, campaign_name: 'welcome', title: '10% off your first order', description: 'Once per customer, on everything.', discount_kind: 'Percentage', discount_value: 10, currency: null, minimum_order_amount: 0, article_groups: '[]', valid_from: at(-730), valid_until: at(365) },
    { voucher_option_code: DEMO_VOUCHERS.freeShipping, campaign_name: 'free-delivery', title: 'Free home delivery', description: 'The delivery charge, on orders of £25 or more.', discount_kind: 'Amount', discount_value: 495, currency: 'GBP', minimum_order_amount: 2500, article_groups: '[]', valid_from: at(-90), valid_until: at(90) },
    { voucher_option_code: DEMO_VOUCHERS.expired, campaign_name: 'summer-2025', title: '20% off canvases and calendars', description: 'Ended with last summer.', discount_kind: 'Percentage', discount_value: 20, currency: null, minimum_order_amount: 0, article_groups: JSON.stringify(['WALL_DECOR', 'CALENDARS']), valid_from: at(-300), valid_until: at(-200) },
  ];
}

const ARTICLE_GROUPS: ArticleGroupsTable[] = [
  { code: 'PRINTS', name: 'Photo prints', article_names: JSON.stringify([DEMO_ARTICLES.prints10x15, DEMO_ARTICLES.prints13x18, DEMO_ARTICLES.prints20x30]), order_cutoff: '22:00', time_zone: 'Europe/Amsterdam', production_days: 1, sort_order: 1 },
  { code: 'PHOTO_BOOKS', name: 'Photo books', article_names: JSON.stringify([DEMO_ARTICLES.photoBookA4, DEMO_ARTICLES.photoBookA5]), order_cutoff: '14:00', time_zone: 'Europe/Amsterdam', production_days: 3, sort_order: 2 },
  { code: 'WALL_DECOR', name: 'Wall decor', article_names: JSON.stringify([DEMO_ARTICLES.canvas]), order_cutoff: '12:00', time_zone: 'Europe/Amsterdam', production_days: 4, sort_order: 3 },
  { code: 'CALENDARS', name: 'Calendars', article_names: JSON.stringify([DEMO_ARTICLES.wallCalendar]), order_cutoff: '14:00', time_zone: 'Europe/Amsterdam', production_days: 2, sort_order: 4 },
  { code: 'CARDS', name: 'Cards', article_names: JSON.stringify([DEMO_ARTICLES.foldedCard]), order_cutoff: '18:00', time_zone: 'Europe/Amsterdam', production_days: 1, sort_order: 5 },
];

/** Creates the demo campaigns, offers and article groups that do not exist yet; safe to run on every start. */
export async function seedDemoCampaigns(db: Db, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('campaigns').values(campaigns(now)).onConflict((oc) => oc.column('name').doNothing()).execute();
    await trx.insertInto('campaign_offers').values(offers(now)).onConflict((oc) => oc.column('voucher_option_code').doNothing()).execute();
    await trx.insertInto('article_groups').values(ARTICLE_GROUPS).onConflict((oc) => oc.column('code').doNothing()).execute();
  });
}
