import { z } from 'zod/mini';
import { CHANNELS } from './channels.js';
import { text } from './text.js';

/** A storefront by its channel code or its host (the Swedish one differs), as the storefronts send it. */
const CHANNEL_NAMES = [...new Set(CHANNELS.flatMap((c) => [c.code, c.host]))] as [string, ...string[]];

export const subscriptionRequestSchema = z.object({ channel: z.enum(CHANNEL_NAMES) });
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionParamsSchema = z.object({ emailAddress: z.email().check(z.maxLength(320)) });
export const subscriptionConfirmParamsSchema = z.object({
  emailAddress: z.email().check(z.maxLength(320)),
  confirmationToken: text().check(z.minLength(16), z.maxLength(200)),
});
