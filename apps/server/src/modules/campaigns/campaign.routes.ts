import {
  articleGroupListSchema,
  campaignNameParamsSchema,
  campaignOfferListSchema,
  campaignOfferSchema,
  campaignSchema,
  productCodeParamsSchema,
  offerQuerySchema,
  RUNNING_OFFERS_PATH,
  runningOffersQuerySchema,
  VOUCHER_REFRESH_PATH,
  voucherOptionCodeParamsSchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { CampaignService } from './campaign.service.js';

/** Under the orders service's base address (spec §7.3), in the authenticated scope. */
export const campaignRoutes = (service: CampaignService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: '/api/v1/campaigns/offers/:voucherOptionCode',
      summary: "A voucher's offer; 404 when no voucher has that code",
      description: 'locale gives the language of its title and description (English where the offer has none in it).',
      params: voucherOptionCodeParamsSchema,
      query: offerQuerySchema,
      response: { 200: campaignOfferSchema },
    },
    ({ params, query }) => service.offer(params.voucherOptionCode, query.locale),
  );
  route(
    app,
    {
      method: 'GET',
      url: RUNNING_OFFERS_PATH,
      summary: "The running offers made for an article's group",
      description: 'Offers for every article (no groups) are vouchers handed to somebody and are not listed. locale as for one offer.',
      query: runningOffersQuerySchema,
      response: { 200: campaignOfferListSchema },
    },
    async ({ query }) => ({ items: await service.offersFor(query.articleName, query.locale) }),
  );
  route(
    app,
    {
      method: 'GET',
      url: VOUCHER_REFRESH_PATH,
      summary: "The current offer of the voucher on one of the caller's products",
      description: '404 when the product is not the caller\'s, carries no voucher, or its voucher is no longer known.',
      params: productCodeParamsSchema,
      query: offerQuerySchema,
      response: { 200: campaignOfferSchema },
    },
    ({ identity, params, query }) => service.refreshVoucher(identity, params.productCode, query.locale),
  );
  route(
    app,
    { method: 'GET', url: '/v1/ArticleGroup', summary: 'The article groups with their order cut-off times', response: { 200: articleGroupListSchema } },
    () => service.articleGroups(),
  );
  route(
    app,
    { method: 'GET', url: '/v1/Campaign/:name', summary: 'A campaign and its voucher options', params: campaignNameParamsSchema, response: { 200: campaignSchema } },
    ({ params }) => service.campaign(params.name),
  );
};
