import { z } from 'zod/mini';
import { orderMoveSchema, orderStatusWordMove } from './order-status-words.js';
import { ORDER_STATUS_TRANSITIONS, orderHoldupSchema, orderStatusSchema, parcelTrackingSchema, type OrderStatus } from './orders.js';

/**
 * The back office (fulfilment) moves orders along with a service credential, never a customer's token
 * (decision 055). Both paths sit under the orders service's base address.
 */
export const BACK_OFFICE_ORDER_PATH = '/back-office/orders/:code';
export const BACK_OFFICE_ORDER_STATUS_PATH = `${BACK_OFFICE_ORDER_PATH}/status`;

/**
 * POST {orders}/back-office/orders/{code}/status: one of the six statuses or a detailed word (order-status-words);
 * `tracking` only with a move to Dispatched, where the parcel goes out.
 */
export const orderStatusChangeSchema = z.object({ status: orderMoveSchema, tracking: z.optional(parcelTrackingSchema) }).check(
  z.refine((change) => change.tracking === undefined || orderStatusWordMove(change.status).to === 'Dispatched', {
    message: 'Tracking is given only when an order is Dispatched',
    path: ['tracking'],
  }),
);
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** An order as the back office sees it: where it stands and where it may go next. */
export const backOfficeOrderSchema = z.object({
  orderCode: z.string(),
  status: orderStatusSchema,
  holdup: z.nullable(orderHoldupSchema),
  nextStatuses: z.array(orderStatusSchema),
});
export type BackOfficeOrder = z.infer<typeof backOfficeOrderSchema>;

/** The next step forward of an order in `status` (cancelling is never "next"); null once it is done. */
export function nextOrderStatus(status: OrderStatus): OrderStatus | null {
  return ORDER_STATUS_TRANSITIONS[status].find((s) => s !== 'Cancelled') ?? null;
}
