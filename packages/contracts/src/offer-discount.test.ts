import { describe, expect, test } from 'vitest';
import type { CampaignOffer } from './campaigns.js';
import { offerDiscount, voucherCodeSchema } from './offer-discount.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const offer = (o: Partial<CampaignOffer> = {}): CampaignOffer => ({
  voucherOptionCode: 'SPRING25',
  campaignName: 'spring-prints',
  title: '25% off photo prints',
  description: '',
  discountKind: 'Percentage',
  discountValue: 25,
  currency: null,
  minimumOrderAmount: 0,
  articleGroups: ['PRINTS'],
  validFrom: '2026-11-01T00:00:00.000Z',
  validUntil: '2027-01-01T00:00:00.000Z',
  ...o,
});
const prints = (price: number) => ({ price, articleGroups: ['PRINTS'] });
const book = (price: number) => ({ price, articleGroups: ['PHOTO_BOOKS'] });

describe('what an offer takes off an order', () => {
  test('a percentage off each product it is for, rounded down to the minor unit', () => {
    expect(offerDiscount(offer(), { products: [prints(85), book(2999), prints(215)], currency: 'GBP' }, NOW)).toEqual({ discounts: [21, 0, 53], total: 74 });
  });

  test('a fixed amount off the products in turn, never below zero; an offer naming no group is for all', () => {
    const fiver = offer({ discountKind: 'Amount', discountValue: 500, currency: 'GBP', articleGroups: [], minimumOrderAmount: 300 });
    expect(offerDiscount(fiver, { products: [prints(300), book(150), prints(400)], currency: 'GBP' }, NOW)).toEqual({ discounts: [300, 150, 50], total: 500 });
  });

  test('says why it does not apply: not begun, ended (at its last instant), other articles, other currency, below the minimum', () => {
    const order = { products: [prints(1000)], currency: 'GBP' };
    expect(offerDiscount(offer({ validFrom: '2026-12-01T12:00:00.001Z' }), order, NOW)).toEqual({ refused: 'notYetValid' });
    expect(offerDiscount(offer({ validUntil: NOW.toISOString() }), order, NOW)).toEqual({ refused: 'expired' });
    expect(offerDiscount(offer({ articleGroups: ['PHOTO_BOOKS'] }), order, NOW)).toEqual({ refused: 'otherArticles' });
    expect(offerDiscount(offer({ discountKind: 'Amount', discountValue: 500, currency: 'EUR' }), order, NOW)).toEqual({ refused: 'otherCurrency' });
    expect(offerDiscount(offer({ minimumOrderAmount: 1001 }), order, NOW)).toEqual({ refused: 'belowMinimum' });
    // A percentage holds in any currency, and the minimum counts the whole order.
    expect(offerDiscount(offer({ minimumOrderAmount: 1000 }), { products: [prints(1000)], currency: 'SEK' }, NOW)).toEqual({ discounts: [250], total: 250 });
  });

  test('a voucher code is letters, digits, - and _, with spaces around it forgiven', () => {
    expect(voucherCodeSchema.safeParse(' spring25 ').success).toBe(true);
    for (const bad of ['', 'SPRING 25', 'X'.repeat(41), 'A\u0000B', '25%']) expect(voucherCodeSchema.safeParse(bad).success).toBe(false);
  });
});
