import { z } from 'zod/mini';
import { LOCALES } from './locales.js';
import { idSchema } from './text.js';

const timestamp = z.iso.datetime({ offset: true });
/** Money in the currency's minor unit (cents, pence, øre), as orders count it. */
const amount = z.int().check(z.minimum(0));

/** How an offer takes money off: a share of the price, or a fixed sum in the offer's currency. */
export const DISCOUNT_KINDS = ['Percentage', 'Amount'] as const;

/** GET {orders}/api/v1/campaigns/offers/{voucherOptionCode}: a voucher's offer; 404 means no such voucher. */
export const voucherOptionCodeParamsSchema = z.object({ voucherOptionCode: idSchema });
/** `locale`: the storefront's, whose language the offer's title and description come in (English where it has none). */
export const offerQuerySchema = z.object({ locale: z.optional(z.enum(LOCALES)) });
export type OfferQuery = z.infer<typeof offerQuerySchema>;
export const campaignOfferSchema = z.object({
  voucherOptionCode: z.string(),
  campaignName: z.string(),
  title: z.string(),
  description: z.string(),
  discountKind: z.enum(DISCOUNT_KINDS),
  /** Percent (1–100) for Percentage, minor units of `currency` for Amount. */
  discountValue: amount,
  /** Null for a Percentage offer, which holds in any currency. */
  currency: z.nullable(z.string()),
  minimumOrderAmount: amount,
  /** The article groups it applies to; empty for every article. */
  articleGroups: z.array(z.string()),
  validFrom: timestamp,
  validUntil: timestamp,
});
export type CampaignOffer = z.infer<typeof campaignOfferSchema>;

/**
 * GET {orders}/api/v1/campaigns/offers?articleName: the running offers made for the article's group, for the
 * places a customer decides (decision 116); `locale` as for one offer.
 */
export const RUNNING_OFFERS_PATH = '/api/v1/campaigns/offers';
export const runningOffersQuerySchema = z.object({ articleName: idSchema, locale: z.optional(z.enum(LOCALES)) });
export type RunningOffersQuery = z.infer<typeof runningOffersQuerySchema>;
export const campaignOfferListSchema = z.object({ items: z.array(campaignOfferSchema) });
export type CampaignOfferList = z.infer<typeof campaignOfferListSchema>;

/**
 * What the web keeps of a voucher (spec §3): the offer merged with isVoucherFound true, or only
 * isVoucherFound false after a 404.
 */
export type Voucher = (CampaignOffer & { isVoucherFound: true }) | { isVoucherFound: false };

/**
 * A voucher refresh by product code (decision 056): GET {orders}/api/v1/campaigns/vouchers/products/{productCode}
 * answers the current offer of the voucher on the caller's product (sub-order); 404 when the product is
 * not the caller's, carries no voucher, or its voucher is no longer known.
 */
export const VOUCHER_REFRESH_PATH = '/api/v1/campaigns/vouchers/products/:productCode';
export const productCodeParamsSchema = z.object({ productCode: idSchema });

/** The article group of the photo books: the online photo books screen lists the customer's orders of its articles. */
export const PHOTO_BOOKS_ARTICLE_GROUP = 'PHOTO_BOOKS';

/** GET {orders}/v1/ArticleGroup: the article groups and the time of day after which an order ships a day later. */
export const articleGroupSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The article names (as orders by account filter them) in the group. */
  articleNames: z.array(z.string()),
  /** Local time of day, HH:mm, in `timeZone`. */
  orderCutoff: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
  timeZone: z.string(),
  /** Working days from the order (before the cut-off) to dispatch. */
  productionDays: z.int().check(z.minimum(0)),
});
export type ArticleGroup = z.infer<typeof articleGroupSchema>;
export const articleGroupListSchema = z.object({ items: z.array(articleGroupSchema) });
export type ArticleGroupList = z.infer<typeof articleGroupListSchema>;

/** GET {orders}/v1/Campaign/{name}: a campaign and the voucher options it offers. */
export const campaignNameParamsSchema = z.object({ name: idSchema });
export const campaignSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: timestamp,
  endsAt: timestamp,
  /** Whether now lies between startsAt and endsAt. */
  active: z.boolean(),
  voucherOptionCodes: z.array(z.string()),
});
export type Campaign = z.infer<typeof campaignSchema>;
