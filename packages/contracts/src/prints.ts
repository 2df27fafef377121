import { z } from 'zod/mini';
import { addressInputSchema } from './address-input.js';
import { PRINT_ARTICLES } from './articles.js';
import type { Channel } from './channels.js';
import { PRINTS_AUTOSELECT_PRODUCT } from './constants.js';
import { voucherCodeSchema } from './offer-discount.js';
import { DELIVERY_TYPES } from './orders.js';
import { displayText, idSchema, text } from './text.js';

/**
 * The embedded prints editor's sizes and prices (not in the spec; decision 060). A retailer with its own
 * editor (PRINTS_EDITOR_URL) prices in its own shop; these serve the embedded default, and the server
 * and the editor read the same list, so the total the customer sees is the total the order carries.
 */
export const PRINT_SIZES = ['9x13', '10x15', '13x18', '15x20', '20x30'] as const;
export type PrintSize = (typeof PRINT_SIZES)[number];
export const DEFAULT_PRINT_SIZE: PrintSize = '10x15';
export const isPrintSize = (size: string): size is PrintSize => (PRINT_SIZES as readonly string[]).includes(size);

export type PrintCurrency = Channel['currency'];

/** Unit prices in the currency's minor unit (cents, pence, øre). */
export const PRINT_PRICE_LIST = {
  name: 'prints-standard-2026',
  unitPrices: {
    '9x13': { EUR: 15, GBP: 13, DKK: 119, NOK: 179, SEK: 179 },
    '10x15': { EUR: 19, GBP: 17, DKK: 149, NOK: 229, SEK: 229 },
    '13x18': { EUR: 49, GBP: 42, DKK: 369, NOK: 569, SEK: 569 },
    '15x20': { EUR: 99, GBP: 85, DKK: 749, NOK: 1149, SEK: 1149 },
    '20x30': { EUR: 249, GBP: 215, DKK: 1869, NOK: 2890, SEK: 2890 },
  },
} as const satisfies { name: string; unitPrices: Record<PrintSize, Record<PrintCurrency, number>> };

export const printUnitPrice = (size: PrintSize, currency: PrintCurrency): number => PRINT_PRICE_LIST.unitPrices[size][currency];

/** A line's price: the unit price times the quantity, exact in minor units. */
export const printLinePrice = (line: { size: PrintSize; quantity: number }, currency: PrintCurrency): number =>
  printUnitPrice(line.size, currency) * line.quantity;

/** One product of a prints order: every print of one size together, as the order is placed and priced. */
export interface PrintsProduct<L> {
  size: PrintSize;
  articleName: string;
  quantity: number;
  priceAmount: number;
  /** The order's lines of this size, in the order's order. */
  lines: L[];
}

/** The products of a prints order: one per size, in the price list's order, each priced in the currency. */
export function printsBySize<L extends { size: PrintSize; quantity: number }>(lines: readonly L[], currency: PrintCurrency): PrintsProduct<L>[] {
  const bySize = new Map<PrintSize, L[]>();
  for (const line of lines) bySize.set(line.size, [...(bySize.get(line.size) ?? []), line]);
  return PRINT_SIZES.filter((size) => bySize.has(size)).map((size) => {
    const ofSize = bySize.get(size) ?? [];
    const quantity = ofSize.reduce((sum, line) => sum + line.quantity, 0);
    return { size, articleName: PRINT_ARTICLES[size], quantity, priceAmount: printLinePrice({ size, quantity }, currency), lines: ofSize };
  });
}

/** The prints editor places an order for the photos of a temporary selection (not in the spec; decision 054). */
export const MAX_PRINTS_PER_PHOTO = 99;
export const printLineSchema = z.object({
  photoId: idSchema,
  size: text().check(z.minLength(1), z.maxLength(20)),
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_PRINTS_PER_PHOTO)),
});
export const placePrintsOrderSchema = z.object({
  /** A uuid the editor makes, so a double click or a retry places one order. */
  requestId: z.uuid(),
  tempSelectionId: idSchema,
  productCode: z.literal(PRINTS_AUTOSELECT_PRODUCT),
  channel: text().check(z.minLength(1), z.maxLength(100)),
  lines: z.array(printLineSchema).check(z.minLength(1), z.maxLength(500)),
  deliveryType: z.enum(DELIVERY_TYPES),
  /** Required for Home delivery; a PickupPoint order is collected at the channel's default point. */
  deliveryAddress: z.optional(addressInputSchema),
  note: z.optional(displayText().check(z.maxLength(200))),
  /** A campaign's voucher (decision 116): refused with a 400 naming `voucherCode` and why when it does not apply. */
  voucherCode: z.optional(voucherCodeSchema),
});
export type PlacePrintsOrder = z.infer<typeof placePrintsOrderSchema>;
