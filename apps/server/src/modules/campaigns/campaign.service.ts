import { offerDiscount, type ArticleGroupList, type Campaign, type CampaignOffer, type Locale, type OfferRefusal } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { notFound } from '../../platform/http/errors.js';
import type { CampaignRepository } from './campaign.repository.js';

type OfferRow = NonNullable<Awaited<ReturnType<CampaignRepository['offer']>>>;

/**
 * The voucher code on the caller's product (sub-order) with that code, null when it carries none; the
 * orders module answers it, and refuses (404) a product that is not the caller's.
 */
export type ProductVoucher = (identity: Identity, productCode: string) => Promise<string | null>;

/** Voucher codes are matched whatever case they were typed in (decision 056). */
export const normaliseVoucherCode = (code: string) => code.trim().toUpperCase();

const VOUCHER_NOT_FOUND = 'Voucher not found';

type OfferTexts = Record<string, { title?: string; description?: string } | undefined>;

/** The offer in the language of `locale` where the back office translated it, else as it was written. */
function toOffer(row: OfferRow, locale: Locale | undefined): CampaignOffer {
  const translated = locale ? (JSON.parse(row.translations) as OfferTexts)[locale.slice(0, 2)] : undefined;
  return {
    voucherOptionCode: row.voucher_option_code,
    campaignName: row.campaign_name,
    title: translated?.title ?? row.title,
    description: translated?.description ?? row.description,
    discountKind: row.discount_kind,
    discountValue: row.discount_value,
    currency: row.currency,
    minimumOrderAmount: row.minimum_order_amount,
    articleGroups: JSON.parse(row.article_groups) as string[],
    validFrom: row.valid_from,
    validUntil: row.valid_until,
  };
}

/** An order a voucher is tried on: each product's article and price, in the order's currency. */
export interface VoucherTrial {
  code: string;
  products: readonly { articleName: string; price: number }[];
  currency: string;
}
export type VoucherOutcome = { offer: CampaignOffer; discounts: number[] } | { refused: OfferRefusal | 'notFound' };

/** Campaigns, voucher offers and article groups: the same for every customer, read-only here. */
export function campaignService(repo: CampaignRepository, productVoucher: ProductVoucher, now = () => new Date()) {
  async function offer(voucherOptionCode: string, locale?: Locale): Promise<CampaignOffer> {
    const row = await repo.offer(normaliseVoucherCode(voucherOptionCode));
    if (!row) throw notFound(VOUCHER_NOT_FOUND);
    return toOffer(row, locale);
  }

  /** The codes of the article groups each article is in. */
  async function groupsOf(articleNames: readonly string[]): Promise<string[][]> {
    const groups = (await repo.articleGroups()).map((g) => ({ code: g.code, names: JSON.parse(g.article_names) as string[] }));
    return articleNames.map((name) => groups.filter((g) => g.names.includes(name)).map((g) => g.code));
  }

  return {
    offer,

    /**
     * The running offers made for the article's group (decision 116), for the places a customer decides: an offer
     * for every article (no groups) is a voucher handed to somebody, not a campaign shown to all.
     */
    async offersFor(articleName: string, locale?: Locale): Promise<CampaignOffer[]> {
      const [[groups = []], rows] = await Promise.all([groupsOf([articleName]), repo.runningOffers(now().toISOString())]);
      return rows.map((row) => toOffer(row, locale)).filter((o) => o.articleGroups.some((group) => groups.includes(group)));
    },

    /** What a voucher takes off each product of an order about to be placed, or why it takes nothing. */
    async tryVoucher(trial: VoucherTrial): Promise<VoucherOutcome> {
      const row = await repo.offer(normaliseVoucherCode(trial.code));
      if (!row) return { refused: 'notFound' };
      const offer = toOffer(row, undefined);
      const groups = await groupsOf(trial.products.map((p) => p.articleName));
      const products = trial.products.map((p, i) => ({ price: p.price, articleGroups: groups[i] ?? [] }));
      const outcome = offerDiscount(offer, { products, currency: trial.currency }, now());
      return 'refused' in outcome ? outcome : { offer, discounts: outcome.discounts };
    },

    /** The offer of the voucher on one of the caller's products, read again (the voucher refresh). */
    async refreshVoucher(identity: Identity, productCode: string, locale?: Locale): Promise<CampaignOffer> {
      const code = await productVoucher(identity, productCode);
      if (code === null) throw notFound(VOUCHER_NOT_FOUND);
      return offer(code, locale);
    },

    async campaign(name: string): Promise<Campaign> {
      const row = await repo.campaign(name);
      if (!row) throw notFound('Campaign not found');
      const at = now().toISOString();
      return {
        name: row.name,
        title: row.title,
        description: row.description,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        active: row.starts_at <= at && at < row.ends_at,
        voucherOptionCodes: await repo.offerCodesOf(row.name),
      };
    },

    async articleGroups(): Promise<ArticleGroupList> {
      const rows = await repo.articleGroups();
      return {
        items: rows.map((r) => ({
          code: r.code,
          name: r.name,
          articleNames: JSON.parse(r.article_names) as string[],
          orderCutoff: r.order_cutoff,
          timeZone: r.time_zone,
          productionDays: r.production_days,
        })),
      };
    },
  };
}
export type CampaignService = ReturnType<typeof campaignService>;
