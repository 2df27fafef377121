import { z } from 'zod/mini';
import { displayText, notBlank, text } from './text.js';

export const businessStatusSchema = z.enum(['Default', 'New', 'Blocked', 'Active']);
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

export const businessDetailsSchema = z.object({
  companyName: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  status: businessStatusSchema,
});

/**
 * FTP integration (account-area §2.7, §3; business only): where the retailer calls back when a business
 * customer's order files are ready on the FTP server, and in which format (decision 062).
 */
export const CALLBACK_FORMATS = ['json', 'xml'] as const;
export type CallbackFormat = (typeof CALLBACK_FORMATS)[number];
export const CALLBACK_URL_MAX_LENGTH = 2048;

export const ftpIntegrationSchema = z.object({
  callbackUrl: z.nullable(z.string()),
  callbackFormat: z.nullable(z.enum(CALLBACK_FORMATS)),
});
export type FtpIntegration = z.infer<typeof ftpIntegrationSchema>;

export const customerSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  channel: z.string(),
  registeredAt: z.iso.datetime({ offset: true }),
  business: z.nullable(businessDetailsSchema),
  /** Business customers' FTP integration; null for consumers. */
  integration: z.nullable(ftpIntegrationSchema),
});
export type Customer = z.infer<typeof customerSchema>;

export const updateCustomerSchema = z.object({
  firstName: displayText().check(notBlank(), z.trim(), z.maxLength(100)),
  lastName: displayText().check(notBlank(), z.trim(), z.maxLength(100)),
  phone: z.nullable(text().check(z.trim(), z.maxLength(40))),
});
export type UpdateCustomer = z.infer<typeof updateCustomerSchema>;
