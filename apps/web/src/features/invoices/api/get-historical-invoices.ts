import { historicalInvoiceListSchema } from '@shoebox/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { invoiceKeys } from './query-keys';

/** GET {invoices}/api/v1/HistoricalInvoice/me?page=: one page of the customer's invoices, newest first, with the total. */
export const getHistoricalInvoices = (http: HttpClient, page: number, signal?: AbortSignal) =>
  http('invoices', '/api/v1/HistoricalInvoice/me', { schema: historicalInvoiceListSchema, query: { page }, signal });

export const historicalInvoicesQueryOptions = (http: HttpClient, page: number) =>
  queryOptions({ queryKey: invoiceKeys.historical(page), queryFn: ({ signal }) => getHistoricalInvoices(http, page, signal), retry: 1 });

/** The page shown stays in view while the next one loads, so paging does not flash the loading state. */
export function useHistoricalInvoices(page: number) {
  const { http } = useServices();
  return useQuery({ ...historicalInvoicesQueryOptions(http, page), placeholderData: keepPreviousData });
}
