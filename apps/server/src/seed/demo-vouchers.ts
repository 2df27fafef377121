/**
 * The voucher codes the demo offers carry; the demo order histories (demo-orders.ts) put some of them on
 * their products, so an order's voucher opens as an offer. SUMMER20 belongs to a campaign that has ended.
 */
export const DEMO_VOUCHERS = {
  springPrints: 'SPRING25',
  printsBundle: 'PRINTS100',
  photoBooks: 'BOOKS20',
  welcome: 'WELCOME5',
  freeDelivery: 'SHIPFREE',
  expired: 'SUMMER20',
} as const;
