import { z } from 'zod/mini';
import { channelNameSchema } from './channel-name.js';
import { text } from './text.js';

export const subscriptionRequestSchema = z.object({ channel: channelNameSchema });
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionParamsSchema = z.object({ emailAddress: z.email().check(z.maxLength(320)) });
export const subscriptionConfirmParamsSchema = z.object({
  emailAddress: z.email().check(z.maxLength(320)),
  confirmationToken: text().check(z.minLength(16), z.maxLength(200)),
});
