import { z } from 'zod/mini';
import { addressSchema } from './addresses.js';
import { IN_PROGRESS_ORDER_DISPATCH_GRACE_DAYS, IN_PROGRESS_ORDER_MAX_AGE_DAYS } from './constants.js';
import { pictureSchema } from './photos.js';
import { displayText, idSchema } from './text.js';

/** The words the order services use internally (spec §3). */
export const ORDER_STATUSES = ['Received', 'Confirmed', 'ProductionStarted', 'ProductionCompleted', 'Dispatched', 'Cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** What the customer is shown (spec §3): Cancelled in red, the others in cyan. */
export const CUSTOMER_ORDER_STATUSES = ['AwaitingPayment', 'Ordered', 'InProduction', 'Sent', 'Cancelled'] as const;
export type CustomerOrderStatus = (typeof CUSTOMER_ORDER_STATUSES)[number];

const CUSTOMER_STATUS: Record<OrderStatus, CustomerOrderStatus> = {
  Received: 'AwaitingPayment',
  Confirmed: 'Ordered',
  ProductionStarted: 'InProduction',
  ProductionCompleted: 'InProduction',
  Dispatched: 'Sent',
  Cancelled: 'Cancelled',
};
export const customerOrderStatus = (status: OrderStatus): CustomerOrderStatus => CUSTOMER_STATUS[status];

/** What holds an order up, told to its customer beside its status (account-area §3: delayed, on_hold). */
export const ORDER_HOLDUPS = ['delayed', 'onHold'] as const;
export const orderHoldupSchema = z.enum(ORDER_HOLDUPS);
export type OrderHoldup = z.infer<typeof orderHoldupSchema>;
/** Orders that are done: nothing holds them up any more. */
export const FINISHED_ORDER_STATUSES: readonly OrderStatus[] = ['Dispatched', 'Cancelled'];

/**
 * The moves fulfilment may make (decision 054): forward one step at a time, and cancelled only before
 * production starts. A move not listed here is refused and changes nothing.
 */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Received: ['Confirmed', 'Cancelled'],
  Confirmed: ['ProductionStarted', 'Cancelled'],
  ProductionStarted: ['ProductionCompleted'],
  ProductionCompleted: ['Dispatched'],
  Dispatched: [],
  Cancelled: [],
};
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_STATUS_TRANSITIONS[from].includes(to);

/** Orders with no expected delivery dates: the carrier's apply once sent, and a cancelled one arrives never (GET /OrderDeliveryDates answers 404). */
export const STATUSES_WITHOUT_DELIVERY_DATES: readonly OrderStatus[] = FINISHED_ORDER_STATUSES;

/** A customer may change where an order goes until it is in production (decision 054). */
export const ADDRESS_CHANGEABLE_STATUSES: readonly OrderStatus[] = ['Received', 'Confirmed'];

export const DELIVERY_TYPES = ['PickupPoint', 'Home'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/** Spec §2.4: an order's source is Resnap (a reorder) or the product it was made in. */
export const RESNAP_SOURCE = 'Resnap';

const timestamp = z.iso.datetime({ offset: true });
const count = z.int().check(z.minimum(0));
/** Money in the currency's minor unit (cents, pence, øre), so sums are exact. */
const amount = z.int();

export const voucherDetailsSchema = z.object({ code: z.string(), title: z.string(), discountAmount: amount });
export type VoucherDetails = z.infer<typeof voucherDetailsSchema>;

/** A product of a super order (its sub-order). */
export const orderProductSchema = z.object({
  code: z.string(),
  /** The title it was ordered under; screens name it by `articleName` in their own language (contracts articles). */
  title: z.string(),
  /** The article it is (e.g. PAP_910): an internal code, never shown to the customer. */
  articleName: z.string(),
  productType: z.string(),
  quantity: count,
  status: orderStatusSchema,
  createdAt: timestamp,
  /** When its payment state last changed (paid, refunded); null while unpaid. */
  paymentChangedDate: z.nullable(timestamp),
  voucher: z.nullable(z.string()),
  voucherDetails: z.nullable(voucherDetailsSchema),
  priceAmount: amount,
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

export const pickupPointSchema = z.object({ name: z.string(), address: addressSchema });

/** Where a sent parcel is (decision 090): given by the back office when it moves an order to Dispatched. */
export const MAX_TRACKING_TEXT_LENGTH = 60;
export const parcelTrackingSchema = z.object({
  // Shown to the customer as given: no control or text-direction characters.
  carrier: displayText().check(z.minLength(1), z.maxLength(MAX_TRACKING_TEXT_LENGTH)),
  trackingNumber: displayText().check(z.minLength(1), z.maxLength(MAX_TRACKING_TEXT_LENGTH)),
  /** The carrier's page for this parcel: https only, so a link never runs script or leaves a secure page. */
  url: z.url({ protocol: /^https$/ }).check(z.maxLength(500)),
});
export type ParcelTracking = z.infer<typeof parcelTrackingSchema>;

export const superOrderSchema = z.object({
  orderCode: z.string(),
  createdAt: timestamp,
  status: orderStatusSchema,
  /** Set while the order is delayed or on hold; its status stays what it was. */
  holdup: z.nullable(orderHoldupSchema),
  source: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryAddress: addressSchema,
  /** Set for PickupPoint deliveries: where the customer collects it. */
  pickupPoint: z.nullable(pickupPointSchema),
  /** Whether PUT .../deliveryAddress is accepted now (ADDRESS_CHANGEABLE_STATUSES, Home delivery only). */
  deliveryAddressChangeable: z.boolean(),
  channel: z.string(),
  currency: z.string(),
  totalAmount: amount,
  productCount: count,
  products: z.array(orderProductSchema),
  /** The first of the customer's photos it was made from, while it is in their library; else null. */
  picture: z.nullable(pictureSchema),
  /** Set once a Sent order's parcel has a tracking number. */
  tracking: z.nullable(parcelTrackingSchema),
});
export type SuperOrder = z.infer<typeof superOrderSchema>;

/** `OrderState=notExpired` leaves out orders past the order history's keeping time (decision 054). */
export const ORDER_STATES = ['notExpired', 'all'] as const;
/** An order older than this many years is expired: listed only with OrderState=all, and not reordered. */
export const ORDER_HISTORY_YEARS = 5;

/** The `error` of the 409 a delivery-address change gets once the order no longer allows it. */
export const ADDRESS_NOT_CHANGEABLE_ERROR = 'delivery_address_not_changeable';


/** Newest first; `total` counts every order the query matches, so a client pages until it has them all. */
export const superOrderListSchema = z.object({ items: z.array(superOrderSchema), total: count });
export type SuperOrderList = z.infer<typeof superOrderListSchema>;

export const orderCodeParamsSchema = z.object({ code: idSchema });

/**
 * Spec §2.4/§9: in progress when created within 30 days and not dispatched, with its payment changed,
 * more than 14 days ago. Otherwise it belongs to the history.
 */
export function isOrderInProgress(order: Pick<SuperOrder, 'createdAt' | 'status' | 'products'>, now = Date.now()): boolean {
  const day = 86_400_000;
  if (Date.parse(order.createdAt) < now - IN_PROGRESS_ORDER_MAX_AGE_DAYS * day) return false;
  if (order.status !== 'Dispatched') return true;
  const paymentChanged = order.products.map((p) => (p.paymentChangedDate ? Date.parse(p.paymentChangedDate) : NaN)).filter((t) => !Number.isNaN(t));
  if (!paymentChanged.length) return true;
  return Math.max(...paymentChanged) >= now - IN_PROGRESS_ORDER_DISPATCH_GRACE_DAYS * day;
}

/** The push message a customer's open order page hears when fulfilment moves the order. */
export const orderStatusPushMessageSchema = z.object({
  id: z.uuid(),
  type: z.literal('order.status.changed'),
  data: z.object({ orderCode: z.string(), status: orderStatusSchema, timestamp }),
});
export type OrderStatusPushMessage = z.infer<typeof orderStatusPushMessageSchema>;

