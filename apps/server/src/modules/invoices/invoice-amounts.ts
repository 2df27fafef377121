import { INVOICE_LINE_DESCRIPTION_MAX_LENGTH, INVOICE_MAX_LINES, textProblem } from '@shoebox/contracts';

/** One line as issued: prices in the currency's minor unit, excluding VAT; the VAT rate in basis points (2100 = 21 %). */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
}

export interface InvoiceTotals {
  totalExclVat: number;
  vat: number;
  totalInclVat: number;
  /** VAT by rate, highest rate first, as the invoice lists it. */
  vatByRate: { vatRate: number; base: number; vat: number }[];
}

/** Largest quantity and unit price a line may have: a line's VAT is then computed exactly in integers. */
export const INVOICE_LINE_MAX_QUANTITY = 10_000;
export const INVOICE_LINE_MAX_UNIT_PRICE = 1_000_000;
/** The largest invoice total (10 million in major units): it fits the 32-bit integer columns of both databases. */
export const INVOICE_MAX_TOTAL = 1_000_000_000;
/** VAT rates up to 100 %. */
const MAX_VAT_RATE = 10_000;

export const lineAmount = (line: InvoiceLine): number => line.quantity * line.unitPrice;

/** A line's VAT in whole minor units, rounded half up; integers throughout, so the sums are exact. */
export const lineVat = (line: InvoiceLine): number => Math.floor((lineAmount(line) * line.vatRate + 5_000) / 10_000);

export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const byRate = new Map<number, { base: number; vat: number }>();
  let totalExclVat = 0;
  let vat = 0;
  for (const line of lines) {
    const amount = lineAmount(line);
    const lineTax = lineVat(line);
    totalExclVat += amount;
    vat += lineTax;
    const rate = byRate.get(line.vatRate) ?? { base: 0, vat: 0 };
    byRate.set(line.vatRate, { base: rate.base + amount, vat: rate.vat + lineTax });
  }
  const vatByRate = [...byRate].sort(([a], [b]) => b - a).map(([vatRate, r]) => ({ vatRate, ...r }));
  return { totalExclVat, vat, totalInclVat: totalExclVat + vat, vatByRate };
}

const wholeIn = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** Why lines cannot make an invoice, or undefined: every invoice is checked when it is recorded, so each PDF is bounded. */
export function invoiceLinesProblem(lines: readonly InvoiceLine[]): string | undefined {
  if (lines.length === 0 || lines.length > INVOICE_MAX_LINES) return `An invoice has 1 to ${INVOICE_MAX_LINES} lines`;
  for (const line of lines) {
    if (!line.description || line.description.length > INVOICE_LINE_DESCRIPTION_MAX_LENGTH || textProblem(line.description)) {
      return `A line's description is 1 to ${INVOICE_LINE_DESCRIPTION_MAX_LENGTH} characters of plain text`;
    }
    if (!wholeIn(line.quantity, 1, INVOICE_LINE_MAX_QUANTITY)) return `A line's quantity is 1 to ${INVOICE_LINE_MAX_QUANTITY}`;
    if (!wholeIn(line.unitPrice, 0, INVOICE_LINE_MAX_UNIT_PRICE)) return `A line's unit price is 0 to ${INVOICE_LINE_MAX_UNIT_PRICE} minor units`;
    if (!wholeIn(line.vatRate, 0, MAX_VAT_RATE)) return 'A VAT rate is 0 to 10000 basis points';
  }
  if (invoiceTotals(lines).totalInclVat > INVOICE_MAX_TOTAL) return `An invoice totals at most ${INVOICE_MAX_TOTAL} minor units`;
  return undefined;
}
