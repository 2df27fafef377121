import { emailAddressSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, textProblem } from '@shoebox/contracts';
import { z } from 'zod/mini';
import { fill, type LoginTexts } from './pages.js';

/**
 * The server's checks of the sign-in page's forms, each answering the value to use and the text that says
 * what is wrong, in the customer's language. A field sent twice, or not as text, counts as empty.
 */

const emailSchema = emailAddressSchema();
/** The longest name the account area accepts (contracts: customer.ts). */
const NAME_MAX_LENGTH = 100;

/** A form field's text, or '' when it is missing or not one string. */
export const formField = (body: unknown, name: string): string => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
};

interface Checked {
  value: string;
  error?: string;
}

/** An address as accounts are kept: trimmed and lower-cased. */
export function checkEmail(t: LoginTexts, raw: string): Checked {
  const value = raw.trim().toLowerCase();
  if (textProblem(value)) return { value: '', error: t.invalidCharacters };
  return z.safeParse(emailSchema, value).success ? { value } : { value, error: t.emailInvalid };
}

export function checkName(t: LoginTexts, raw: string, missing: string): Checked {
  const value = raw.trim();
  // Names others see (a shared album's owner) refuse text-direction controls too (contracts: text.ts).
  if (textProblem(value, { display: true })) return { value: '', error: t.invalidCharacters };
  if (!value) return { value, error: missing };
  if ([...value].length > NAME_MAX_LENGTH) return { value, error: fill(t.nameTooLong, { max: NAME_MAX_LENGTH }) };
  return { value };
}

/** A new password: PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters, taken as typed (spaces count), no control characters. */
export function passwordError(t: LoginTexts, password: string): string | undefined {
  if (textProblem(password)) return t.invalidCharacters;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return fill(t.passwordTooShort, { min: PASSWORD_MIN_LENGTH });
  if (length > PASSWORD_MAX_LENGTH) return fill(t.passwordTooLong, { max: PASSWORD_MAX_LENGTH });
  return undefined;
}

export const passwordHint = (t: LoginTexts) => fill(t.passwordHint, { min: PASSWORD_MIN_LENGTH });
