import { randomUUID } from 'node:crypto';
import { FEEDBACK_PER_CUSTOMER_PER_DAY, type Customer, type Feedback } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import type { FeedbackTable } from '../../platform/db/schema.js';
import { TooManyRequests } from '../../platform/http/errors.js';
import type { FeedbackRepository } from './feedback.repository.js';

const DAY_MS = 86_400_000;

/** Feedback as the retailer reads it (`npm run feedback`). */
export const feedbackOf = (row: FeedbackTable) => ({
  id: row.id,
  receivedAt: row.received_at,
  customerId: row.customer_id,
  channel: row.channel,
  rating: row.rating,
  comment: row.comment,
  page: row.page,
});

export function feedbackService(o: { repo: FeedbackRepository; customerOf: (identity: Identity) => Promise<Customer>; now?: () => Date }) {
  const now = o.now ?? (() => new Date());
  return {
    /** Keeps the customer's feedback with their storefront, or answers 429 once they have sent the day's share. */
    async give(identity: Identity, feedback: Feedback): Promise<void> {
      const customer = await o.customerOf(identity);
      const at = now();
      const day = at.toISOString().slice(0, 10);
      if ((await o.repo.count(customer.id, day)) > FEEDBACK_PER_CUSTOMER_PER_DAY) {
        const untilTomorrow = Math.ceil((Date.parse(`${day}T00:00:00.000Z`) + DAY_MS - at.getTime()) / 1000);
        throw new TooManyRequests('You have sent enough feedback for today; thank you', Math.max(1, untilTomorrow));
      }
      const comment = feedback.comment?.trim();
      await o.repo.add({ id: randomUUID(), customer_id: customer.id, channel: customer.channel, received_at: at.toISOString(), rating: feedback.rating, comment: comment || null, page: feedback.page });
    },
  };
}
export type FeedbackService = ReturnType<typeof feedbackService>;
