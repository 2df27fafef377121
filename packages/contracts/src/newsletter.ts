import { z } from 'zod/mini';

export const subscriptionRequestSchema = z.object({ channel: z.string().check(z.minLength(1), z.maxLength(100)) });
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionParamsSchema = z.object({ emailAddress: z.email().check(z.maxLength(320)) });
export const subscriptionConfirmParamsSchema = z.object({
  emailAddress: z.email().check(z.maxLength(320)),
  confirmationToken: z.string().check(z.minLength(16), z.maxLength(200)),
});
