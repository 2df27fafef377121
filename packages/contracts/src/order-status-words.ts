import { z } from 'zod/mini';
import { ORDER_STATUSES, type OrderHoldup, type OrderStatus } from './orders.js';

/**
 * The detailed status words of the order services (account-area §3), as the back office sends them: each moves
 * an order to one of the six statuses, or leaves it where it is and says what holds it up (decision 107).
 */
export const ORDER_STATUS_WORDS = [
  'paymentPending',
  'paymentFailed',
  'paymentSuccess',
  'paymentFree',
  'verification failed',
  'processing',
  'processing failed',
  'approved',
  'rejected',
  'on_hold',
  'producing',
  'delayed',
  'shipped',
  'cancelled',
] as const;
export type OrderStatusWord = (typeof ORDER_STATUS_WORDS)[number];

/** `to`: the status the word moves an order to, or 'stays'; `holdup`: what it then holds the order up with (null: nothing). */
export interface OrderStatusWordMove {
  to: OrderStatus | 'stays';
  holdup: OrderHoldup | null;
}

export const ORDER_STATUS_WORD_MOVES: Record<OrderStatusWord, OrderStatusWordMove> = {
  paymentPending: { to: 'Received', holdup: null },
  // A failed payment leaves the order awaiting one: the customer may pay again.
  paymentFailed: { to: 'Received', holdup: null },
  paymentSuccess: { to: 'Confirmed', holdup: null },
  paymentFree: { to: 'Confirmed', holdup: null },
  // The files or the processing need a person: the order waits where it is until approved or rejected.
  'verification failed': { to: 'stays', holdup: 'onHold' },
  processing: { to: 'Confirmed', holdup: null },
  'processing failed': { to: 'stays', holdup: 'onHold' },
  approved: { to: 'Confirmed', holdup: null },
  rejected: { to: 'Cancelled', holdup: null },
  on_hold: { to: 'stays', holdup: 'onHold' },
  producing: { to: 'ProductionStarted', holdup: null },
  delayed: { to: 'stays', holdup: 'delayed' },
  shipped: { to: 'Dispatched', holdup: null },
  cancelled: { to: 'Cancelled', holdup: null },
};

/** What the back office may send: one of the six statuses, or a detailed word. */
export const orderMoveSchema = z.enum([...ORDER_STATUSES, ...ORDER_STATUS_WORDS]);
export type OrderMove = z.infer<typeof orderMoveSchema>;

/** What a move does: a status itself moves the order there and clears any hold-up. */
export const orderStatusWordMove = (move: OrderMove): OrderStatusWordMove =>
  (ORDER_STATUSES as readonly string[]).includes(move) ? { to: move as OrderStatus, holdup: null } : ORDER_STATUS_WORD_MOVES[move as OrderStatusWord];
