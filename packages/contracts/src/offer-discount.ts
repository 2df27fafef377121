import { z } from 'zod/mini';
import type { CampaignOffer } from './campaigns.js';
import { text } from './text.js';

/**
 * What a campaign's offer takes off an order (decision 116): one rule, so the prints editor's total before
 * ordering and the order the server places agree to the penny.
 */

/** A voucher code as typed; matched whatever its case and surrounding spaces. */
export const VOUCHER_CODE_MAX_LENGTH = 40;
export const voucherCodeSchema = text().check(z.minLength(1), z.maxLength(VOUCHER_CODE_MAX_LENGTH), z.regex(/^\s*[A-Za-z0-9_-]+\s*$/));

/** Why an offer does not apply; each has a message for the customer. */
export const OFFER_REFUSALS = ['notYetValid', 'expired', 'otherArticles', 'otherCurrency', 'belowMinimum'] as const;
export type OfferRefusal = (typeof OFFER_REFUSALS)[number];

export interface OfferedOrder {
  /** Each product's price in the currency's minor unit, before any offer, and the article groups its article is in. */
  products: readonly { price: number; articleGroups: readonly string[] }[];
  currency: string;
}

export type OfferOutcome = { discounts: number[]; total: number } | { refused: OfferRefusal };

/**
 * Each product's discount under the offer, or why it does not apply. The offer's groups say which products it is
 * for (all, when it names none), and at least one must be ordered; the minimum counts the whole order. A
 * percentage is taken off each such product and rounded down to the minor unit; a fixed amount is taken off them
 * in turn, never below zero.
 */
export function offerDiscount(offer: CampaignOffer, order: OfferedOrder, now: Date): OfferOutcome {
  const at = now.toISOString();
  if (at < offer.validFrom) return { refused: 'notYetValid' };
  if (at >= offer.validUntil) return { refused: 'expired' };
  const isFor = (product: { articleGroups: readonly string[] }) => offer.articleGroups.length === 0 || offer.articleGroups.some((group) => product.articleGroups.includes(group));
  if (!order.products.some(isFor)) return { refused: 'otherArticles' };
  if (offer.discountKind === 'Amount' && offer.currency !== order.currency) return { refused: 'otherCurrency' };
  const subtotal = order.products.reduce((sum, product) => sum + product.price, 0);
  if (subtotal < offer.minimumOrderAmount) return { refused: 'belowMinimum' };

  let left = offer.discountValue;
  const discounts = order.products.map((product) => {
    if (!isFor(product)) return 0;
    if (offer.discountKind === 'Percentage') return Math.floor((product.price * Math.min(offer.discountValue, 100)) / 100);
    const taken = Math.min(left, product.price);
    left -= taken;
    return taken;
  });
  return { discounts, total: discounts.reduce((sum, d) => sum + d, 0) };
}
