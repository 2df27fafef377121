import type { CARD_BRANDS } from '@shoebox/contracts';

export type CardBrand = (typeof CARD_BRANDS)[number];

/** How far ahead a card's expiry may lie: issuers print at most a few years; a date beyond is a typing error (decision 063). */
export const CARD_EXPIRY_MAX_YEARS_AHEAD = 20;

/** Maestro's own prefixes: the wider 5/6 ranges also hold Discover, JCB and UnionPay, which are not accepted (decision 063). */
const MAESTRO_PREFIXES = ['5018', '5020', '5038', '5893', '6304', '6759', '6761', '6762', '6763'];

/** Each accepted brand by its prefixes and the lengths its numbers have. */
const BRANDS: { brand: CardBrand; matches: (digits: string) => boolean; lengths: number[] }[] = [
  { brand: 'amex', matches: (d) => /^3[47]/.test(d), lengths: [15] },
  { brand: 'visa', matches: (d) => d.startsWith('4'), lengths: [13, 16, 19] },
  { brand: 'maestro', matches: (d) => MAESTRO_PREFIXES.some((p) => d.startsWith(p)), lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
  {
    brand: 'mastercard',
    matches: (d) => /^5[1-5]/.test(d) || (Number(d.slice(0, 4)) >= 2221 && Number(d.slice(0, 4)) <= 2720),
    lengths: [16],
  },
];

/**
 * The most digits a holder's name may carry: a card number has at least 12 and an IBAN at least as many,
 * so a holder with more (in any script's digits) is a number typed or pasted into the wrong field, which would be kept in clear
 * (decision 063).
 */
export const HOLDER_MAX_DIGITS = 11;

export const holderCarriesNumber = (holder: string) => (holder.match(/\p{Nd}/gu)?.length ?? 0) > HOLDER_MAX_DIGITS;

/** The number as typed, without its spaces. */
export const cardDigits = (number: string) => number.replace(/ /g, '');

export function luhnIsValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand a number belongs to, or undefined when it is of no accepted brand (or the wrong length for it). */
export const cardBrandOf = (digits: string): CardBrand | undefined =>
  BRANDS.find((b) => b.matches(digits) && b.lengths.includes(digits.length))?.brand;

/** A card is good through the end of its expiry month; answers the field to blame, or undefined. */
export function expiryProblem(month: number, year: number, now: Date): 'expiryMonth' | 'expiryYear' | undefined {
  const [thisYear, thisMonth] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
  if (year < thisYear || year > thisYear + CARD_EXPIRY_MAX_YEARS_AHEAD) return 'expiryYear';
  if (year === thisYear && month < thisMonth) return 'expiryMonth';
  return undefined;
}

/** The IBAN as stored by banks: no spaces, capitals. */
export const ibanOf = (typed: string) => typed.replace(/ /g, '').toUpperCase();

/** ISO 13616: the country code and check digits moved to the end, letters as numbers, mod 97 is 1. */
export function ibanIsValid(typed: string): boolean {
  const iban = ibanOf(typed);
  if (!/^[A-Z]{2}\d{2}[A-Z\d]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** PayPal's address as the screen shows it, and as it is kept: its first letter and its domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
