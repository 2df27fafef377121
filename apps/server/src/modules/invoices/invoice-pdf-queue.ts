import { TooManyRequests } from '../../platform/http/errors.js';

/**
 * PDFs made at once on one machine (decision 057). Each is CPU work in the server's own event loop: unbounded,
 * a link replayed many times at once (it lasts a minute, and opens without a token) slowed every other call.
 */
export const INVOICE_PDFS_AT_ONCE = 2;
/** PDFs of one customer's invoices being made or waiting: more than any click could ask for. */
export const INVOICE_PDFS_PER_CUSTOMER = 4;
/** PDFs waiting in all; beyond that, and beyond a customer's share, the answer is a 429. */
export const INVOICE_PDFS_WAITING = 32;
const RETRY_AFTER_SECONDS = 1;

const busy = () => new TooManyRequests('Too many invoice PDFs are being made; try again in a moment', RETRY_AFTER_SECONDS);

/** Runs `make` when one of INVOICE_PDFS_AT_ONCE places is free, in the order asked; a finished one hands its place on. */
export function invoicePdfQueue() {
  let running = 0;
  const waiting: (() => void)[] = [];
  const perCustomer = new Map<string, number>();

  return async function queued<T>(customerId: string, make: () => Promise<T>): Promise<T> {
    const mine = perCustomer.get(customerId) ?? 0;
    if (mine >= INVOICE_PDFS_PER_CUSTOMER || waiting.length >= INVOICE_PDFS_WAITING) throw busy();
    perCustomer.set(customerId, mine + 1);
    try {
      if (running < INVOICE_PDFS_AT_ONCE) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await make();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    } finally {
      const left = (perCustomer.get(customerId) ?? 1) - 1;
      if (left) perCustomer.set(customerId, left);
      else perCustomer.delete(customerId);
    }
  };
}
export type InvoicePdfQueue = ReturnType<typeof invoicePdfQueue>;
