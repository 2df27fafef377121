import { ORDER_STATUS_TRANSITIONS, type BackOfficeOrder, type OrderStatus, type ParcelTracking } from '@shoebox/contracts';
import { notFound } from '../../platform/http/errors.js';

/**
 * What fulfilment needs of the orders module: an order's status by its code, whoever's it is, and the
 * move itself (atomic, validated by canMoveOrder, 404 for an unknown order and 409 for an illegal move,
 * the customer's push message published once it is stored).
 */
export interface OrderMoves {
  statusOf(orderCode: string): Promise<OrderStatus | undefined>;
  move(orderCode: string, to: OrderStatus, tracking?: ParcelTracking): Promise<{ status: OrderStatus }>;
}

const view = (orderCode: string, status: OrderStatus): BackOfficeOrder => ({ orderCode, status, nextStatuses: [...ORDER_STATUS_TRANSITIONS[status]] });

/** The back office's view of orders: where one stands, and moving it along. */
export function fulfilmentService(orders: OrderMoves) {
  return {
    async order(orderCode: string): Promise<BackOfficeOrder> {
      const status = await orders.statusOf(orderCode);
      if (!status) throw notFound('Order not found');
      return view(orderCode, status);
    },

    /** `tracking` goes with a move to Dispatched only (the request's schema refuses it with any other). */
    async move(orderCode: string, to: OrderStatus, tracking?: ParcelTracking): Promise<BackOfficeOrder> {
      const moved = await orders.move(orderCode, to, tracking);
      return view(orderCode, moved.status);
    },
  };
}
export type FulfilmentService = ReturnType<typeof fulfilmentService>;
