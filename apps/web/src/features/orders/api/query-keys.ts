/** Every cached orders query; invalidating `all` refreshes the order screens and the Overview's latest order. */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  latestInProgress: () => [...orderKeys.all, 'latest-in-progress'] as const,
  detail: (orderCode: string) => [...orderKeys.all, 'detail', orderCode] as const,
  deliveryDates: (orderCode: string) => [...orderKeys.all, 'delivery-dates', orderCode] as const,
  product: (productCode: string) => [...orderKeys.all, 'product', productCode] as const,
  uploads: (accountId: string, orderCode: string) => [...orderKeys.all, 'uploads', accountId, orderCode] as const,
  reorderStatus: (orderCode: string) => [...orderKeys.all, 'reorder-status', orderCode] as const,
};
