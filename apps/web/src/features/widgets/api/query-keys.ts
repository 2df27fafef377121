/** Every cached photo-book query; `lists()` is every page of the customer's list and every lookup by code. */
export const widgetKeys = {
  all: ['widgets'] as const,
  lists: () => [...widgetKeys.all, 'list'] as const,
  page: (page: number) => [...widgetKeys.lists(), 'page', page] as const,
  byProductCode: (productCode: string) => [...widgetKeys.lists(), 'by-code', productCode] as const,
  detail: (widgetId: string) => [...widgetKeys.all, 'detail', widgetId] as const,
  photoBookOrders: (accountId: string) => [...widgetKeys.all, 'photo-book-orders', accountId] as const,
  categories: () => [...widgetKeys.all, 'categories'] as const,
  shares: (widgetId: string) => [...widgetKeys.all, 'shares', widgetId] as const,
  galleryEntry: (id: string) => [...widgetKeys.all, 'gallery-entry', id] as const,
  blockedOrder: (orderCode: string) => [...widgetKeys.all, 'blocked-order', orderCode] as const,
  sharedBook: (shareToken: string) => [...widgetKeys.all, 'shared', shareToken] as const,
};
