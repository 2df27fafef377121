import { z } from 'zod/mini';
import { emailAddressSchema } from './email-address.js';
import { channelNameSchema } from './channel-name.js';
import { text } from './text.js';

export const subscriptionRequestSchema = z.object({ channel: channelNameSchema });
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionParamsSchema = z.object({ emailAddress: emailAddressSchema() });
export const subscriptionConfirmParamsSchema = z.object({
  emailAddress: emailAddressSchema(),
  confirmationToken: text().check(z.minLength(16), z.maxLength(200)),
});
