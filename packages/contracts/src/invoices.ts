import { z } from 'zod/mini';
import { HISTORICAL_INVOICES_PAGE_SIZE } from './constants.js';
import { idSchema, queryInt, text } from './text.js';

/** The most lines one invoice PDF carries (decision 057): its size and the time it takes to make stay bounded. */
export const INVOICE_MAX_LINES = 200;
/** An invoice line's description is printed on one line of the PDF. */
export const INVOICE_LINE_DESCRIPTION_MAX_LENGTH = 120;
/**
 * How long a link to one of a customer's files (an invoice PDF, a product's print file) opens it (decisions 057,
 * 114): long enough to click, too short to pass on.
 */
export const SIGNED_FILE_LINK_VALID_SECONDS = 60;
export const INVOICE_LINK_VALID_SECONDS = SIGNED_FILE_LINK_VALID_SECONDS;
/** The highest page of historical invoices one may ask for: far beyond any customer's history. */
export const HISTORICAL_INVOICES_MAX_PAGE = 10_000;

const count = z.int().check(z.minimum(0));
const timestamp = z.iso.datetime({ offset: true });
/** Amounts in the currency's minor unit (cents, pence, øre): sums are exact. */
const minorUnits = z.int();

/** GET {invoices}/api/v1/HistoricalInvoice/me: pages of HISTORICAL_INVOICES_PAGE_SIZE, the first is 1. */
export const historicalInvoicesQuerySchema = z.object({
  page: queryInt(1, HISTORICAL_INVOICES_MAX_PAGE, 1),
});
export type HistoricalInvoicesQuery = z.infer<typeof historicalInvoicesQuerySchema>;

/** One invoice of an order, as the list shows it; `invoiceGroupId` names the collective invoice it is part of, if any. */
export const historicalInvoiceSchema = z.object({
  id: idSchema,
  invoiceNumber: z.string(),
  orderCode: z.string(),
  /** The channel (storefront) it was bought on: its PDF is in that channel's brand, currency and language. */
  channel: z.string(),
  issuedAt: timestamp,
  currency: z.string(),
  totalExclVat: minorUnits,
  vat: minorUnits,
  totalInclVat: minorUnits,
  invoiceGroupId: z.nullable(idSchema),
});
export type HistoricalInvoice = z.infer<typeof historicalInvoiceSchema>;

/** Newest first; `total` counts all of the customer's historical invoices. */
export const historicalInvoiceListSchema = z.object({
  historicalInvoices: z.array(historicalInvoiceSchema).check(z.maxLength(HISTORICAL_INVOICES_PAGE_SIZE)),
  total: count,
});
export type HistoricalInvoiceList = z.infer<typeof historicalInvoiceListSchema>;

/** GET {invoices}/api/v1/InvoiceGroupFiles/me/{id} */
export const invoiceGroupFileParamsSchema = z.object({ id: idSchema });

/** GET {invoices}/api/v1/HistoricalInvoice/me/pdf/{id}/{channel} */
export const historicalInvoicePdfParamsSchema = z.object({ id: idSchema, channel: text().check(z.minLength(1), z.maxLength(100)) });

/** The answer of both PDF calls: a link that opens the PDF for INVOICE_LINK_VALID_SECONDS (decision 057). */
export const invoicePdfLinkSchema = z.object({ url: z.url(), expiresAt: timestamp });
export type InvoicePdfLink = z.infer<typeof invoicePdfLinkSchema>;
