import type { Db } from '../../platform/db/database.js';

/** Kysely queries for campaigns, their voucher offers and the order-cutoff article groups. */
export function campaignRepository(db: Db) {
  return {
    offer: (voucherOptionCode: string) =>
      db.selectFrom('campaign_offers').selectAll().where('voucher_option_code', '=', voucherOptionCode).executeTakeFirst(),

    campaign: (name: string) => db.selectFrom('campaigns').selectAll().where('name', '=', name).executeTakeFirst(),

    offerCodesOf: async (campaignName: string) =>
      (
        await db.selectFrom('campaign_offers').select('voucher_option_code').where('campaign_name', '=', campaignName).orderBy('voucher_option_code').execute()
      ).map((r) => r.voucher_option_code),

    articleGroups: () => db.selectFrom('article_groups').selectAll().orderBy('sort_order').orderBy('code').execute(),
  };
}
export type CampaignRepository = ReturnType<typeof campaignRepository>;
