/** Every cached invoices query; invalidating `all` refreshes the invoices page. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  historical: (page: number) => [...invoiceKeys.all, 'historical', page] as const,
};
