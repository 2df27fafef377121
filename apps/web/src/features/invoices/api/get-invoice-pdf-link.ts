import { invoicePdfLinkSchema, type HistoricalInvoice } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** Which PDF of an invoice: its own, or the collective invoice it is part of. */
export type InvoicePdfKind = 'invoice' | 'group';

/**
 * GET {invoices}/api/v1/HistoricalInvoice/me/pdf/{id}/{channel} or /api/v1/InvoiceGroupFiles/me/{id}: a link that
 * opens the PDF for a minute (decision 057). Asked for at each click, never cached: a kept link would have lapsed.
 */
export function getInvoicePdfLink(http: HttpClient, kind: InvoicePdfKind, invoice: HistoricalInvoice, signal?: AbortSignal) {
  const e = encodeURIComponent;
  const path =
    kind === 'group' && invoice.invoiceGroupId
      ? `/api/v1/InvoiceGroupFiles/me/${e(invoice.invoiceGroupId)}`
      : `/api/v1/HistoricalInvoice/me/pdf/${e(invoice.id)}/${e(invoice.channel)}`;
  return http('invoices', path, { schema: invoicePdfLinkSchema, signal });
}

/** Asking for a PDF is the customer's action: a mutation, whose state is the item's request state (spec §2.5, §3). */
export function useInvoicePdfLink(kind: InvoicePdfKind, invoice: HistoricalInvoice) {
  const { http } = useServices();
  return useMutation({ mutationFn: () => getInvoicePdfLink(http, kind, invoice) });
}
