import { describe, expect, it } from 'vitest';
import { cardBrandOf, expiryProblem, ibanIsValid, luhnIsValid, maskEmail } from './payment-checks.js';

describe('payment checks', () => {
  it('checks card numbers with Luhn', () => {
    for (const good of ['4111111111111111', '5555555555554444', '378282246310005', '6759649826438453', '4012888888881881']) expect(luhnIsValid(good), good).toBe(true);
    for (const bad of ['4111111111111112', '5555555555554440', '378282246310006', '0000000000000001']) expect(luhnIsValid(bad), bad).toBe(false);
  });

  it('tells the brand from the number, and none for a number of no accepted brand or length', () => {
    expect(cardBrandOf('4111111111111111')).toBe('visa');
    expect(cardBrandOf('4222222222222')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2221000000000009')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('371449635398431')).toBe('amex');
    expect(cardBrandOf('6759649826438453')).toBe('maestro');
    expect(cardBrandOf('6304000000000000')).toBe('maestro');
    expect(cardBrandOf('6011111111111117')).toBeUndefined(); // Discover
    expect(cardBrandOf('3530111333300000')).toBeUndefined(); // JCB
    expect(cardBrandOf('41111111111111')).toBeUndefined(); // a Visa number of 14 digits
    expect(cardBrandOf('37828224631000')).toBeUndefined(); // an Amex number of 14 digits
  });

  it('refuses an expiry before this month or too far ahead, naming the field', () => {
    const now = new Date('2026-11-24T08:00:00Z');
    expect(expiryProblem(11, 2026, now)).toBeUndefined();
    expect(expiryProblem(1, 2027, now)).toBeUndefined();
    expect(expiryProblem(10, 2026, now)).toBe('expiryMonth');
    expect(expiryProblem(12, 2025, now)).toBe('expiryYear');
    expect(expiryProblem(1, 2047, now)).toBe('expiryYear');
  });

  it('checks IBANs with mod 97, spaces and case aside', () => {
    for (const good of ['NL91ABNA0417164300', 'nl91 abna 0417 1643 00', 'DE89370400440532013000', 'GB82WEST12345698765432', 'BE68539007547034']) expect(ibanIsValid(good), good).toBe(true);
    for (const bad of ['NL91ABNA0417164301', 'DE89370400440532013001', 'XX00', 'GB82WEST1234569876543!']) expect(ibanIsValid(bad), bad).toBe(false);
  });

  it('masks an email address to its first letter and its domain', () => {
    expect(maskEmail('mila.hendriks@example.com')).toBe('m•••@example.com');
    expect(maskEmail('a@b.nl')).toBe('a•••@b.nl');
  });
});
