import { ORDER_STATUS_TRANSITIONS, type BackOfficeOrder, type OrderHoldup, type OrderMove, type OrderStatus, type ParcelTracking } from '@shoebox/contracts';
import { notFound } from '../../platform/http/errors.js';

/**
 * What fulfilment needs of the orders module: an order's status by its code, whoever's it is, and the
 * move itself (atomic, validated by canMoveOrder, 404 for an unknown order and 409 for an illegal move,
 * the customer's push message published once it is stored).
 */
export interface OrderMoves {
  statusOf(orderCode: string): Promise<OrderState | undefined>;
  move(orderCode: string, to: OrderMove, tracking?: ParcelTracking): Promise<OrderState>;
}

interface OrderState {
  status: OrderStatus;
  holdup: OrderHoldup | null;
}

const view = (orderCode: string, { status, holdup }: OrderState): BackOfficeOrder => ({ orderCode, status, holdup, nextStatuses: [...ORDER_STATUS_TRANSITIONS[status]] });

/** The back office's view of orders: where one stands, and moving it along. */
export function fulfilmentService(orders: OrderMoves) {
  return {
    async order(orderCode: string): Promise<BackOfficeOrder> {
      const state = await orders.statusOf(orderCode);
      if (!state) throw notFound('Order not found');
      return view(orderCode, state);
    },

    /** A status or a detailed word; `tracking` goes with a move to Dispatched only (the request's schema refuses it with any other). */
    async move(orderCode: string, to: OrderMove, tracking?: ParcelTracking): Promise<BackOfficeOrder> {
      return view(orderCode, await orders.move(orderCode, to, tracking));
    },
  };
}
export type FulfilmentService = ReturnType<typeof fulfilmentService>;
