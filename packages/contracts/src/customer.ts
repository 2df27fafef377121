import { z } from 'zod/mini';
import { displayText, text } from './text.js';

export const businessStatusSchema = z.enum(['Default', 'New', 'Blocked', 'Active']);
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

export const businessDetailsSchema = z.object({
  companyName: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  status: businessStatusSchema,
});

export const customerSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  channel: z.string(),
  registeredAt: z.iso.datetime({ offset: true }),
  business: z.nullable(businessDetailsSchema),
});
export type Customer = z.infer<typeof customerSchema>;

export const updateCustomerSchema = z.object({
  firstName: displayText().check(z.trim(), z.minLength(1), z.maxLength(100)),
  lastName: displayText().check(z.trim(), z.minLength(1), z.maxLength(100)),
  phone: z.nullable(text().check(z.trim(), z.maxLength(40))),
});
export type UpdateCustomer = z.infer<typeof updateCustomerSchema>;
