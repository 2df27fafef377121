import type { Channel } from './channels.js';

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

