import { z } from 'zod/mini';

/** A delivery address as the order and customer services answer it (decision 054); address-input.ts checks one a customer types. */
export const addressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  phone: z.nullable(z.string()),
});
export type Address = z.infer<typeof addressSchema>;
