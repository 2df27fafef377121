import { z } from 'zod/mini';
import { displayText, notBlank, text } from './text.js';

/**
 * A business customer's own company details (account-area §6, decision 084): given while the account's
 * details are missing (Default) or await validation (New), then New until customer care validates them.
 * PUT {customers}/customers/me/business-details; a validated (Active) account changes them through
 * customer care (409 business_details_validated), a Blocked one not at all (403 account_blocked).
 */
export const COMPANY_NAME_MAX_LENGTH = 100;

/**
 * The VAT number's form in each country a storefront sells in, with its country prefix, as written
 * without spaces, dots or hyphens. Whether the number exists is customer care's check, not this one's.
 */
export const VAT_NUMBER_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  IT: /^IT\d{11}$/,
  NL: /^NL\d{9}B\d{2}$/,
  NO: /^NO\d{9}MVA$/,
  PT: /^PT\d{9}$/,
  SE: /^SE\d{10}01$/,
};

/** A VAT number as customers type it (any case, spaces, dots and hyphens), in the form it is kept. */
export const normaliseVatNumber = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');

/** Whether a VAT number has the form of the country's (of the customer's storefront); a country without a known form takes any 4–20 letters and digits. */
export function isVatNumberOf(countryCode: string, value: string): boolean {
  const vat = normaliseVatNumber(value);
  const form = VAT_NUMBER_FORMATS[countryCode];
  return form ? form.test(vat) : /^[A-Z]{2}[A-Z0-9]{2,18}$/.test(vat);
}

export const businessDetailsInputSchema = z.object({
  companyName: displayText().check(notBlank(), z.trim(), z.maxLength(COMPANY_NAME_MAX_LENGTH)),
  vatNumber: text().check(notBlank(), z.trim(), z.maxLength(40)),
});
export type BusinessDetailsInput = z.infer<typeof businessDetailsInputSchema>;
