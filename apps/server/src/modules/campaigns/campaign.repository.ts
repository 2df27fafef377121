import type { Db } from '../../platform/db/database.js';

/** Kysely queries for campaigns, their voucher offers and the order-cutoff article groups. */
export function campaignRepository(db: Db) {
  return {
    offer: (voucherOptionCode: string) =>
      db.selectFrom('campaign_offers').selectAll().where('voucher_option_code', '=', voucherOptionCode).executeTakeFirst(),

    /** The offers valid at `at` whose campaign runs then too, by code. */
    runningOffers: (at: string) =>
      db
        .selectFrom('campaign_offers')
        .innerJoin('campaigns', 'campaigns.name', 'campaign_offers.campaign_name')
        .selectAll('campaign_offers')
        .where('campaign_offers.valid_from', '<=', at)
        .where('campaign_offers.valid_until', '>', at)
        .where('campaigns.starts_at', '<=', at)
        .where('campaigns.ends_at', '>', at)
        .orderBy('campaign_offers.voucher_option_code')
        .execute(),

    campaign: (name: string) => db.selectFrom('campaigns').selectAll().where('name', '=', name).executeTakeFirst(),

    offerCodesOf: async (campaignName: string) =>
      (
        await db.selectFrom('campaign_offers').select('voucher_option_code').where('campaign_name', '=', campaignName).orderBy('voucher_option_code').execute()
      ).map((r) => r.voucher_option_code),

    articleGroups: () => db.selectFrom('article_groups').selectAll().orderBy('sort_order').orderBy('code').execute(),
  };
}
export type CampaignRepository = ReturnType<typeof campaignRepository>;
