import { z } from 'zod/mini';

export const CONSENT_COOKIE = 'cookie_consent';
export const DEFAULT_CONSENT = '00';

/** Two digits: analytics then marketing, 1 meaning on. */
export const consentValueSchema = z.enum(['00', '01', '10', '11']);
export type ConsentValue = z.infer<typeof consentValueSchema>;
export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

export function parseConsent(raw: string | null | undefined): Consent {
  const value = consentValueSchema.safeParse(raw).success ? (raw as ConsentValue) : DEFAULT_CONSENT;
  return { analytics: value[0] === '1', marketing: value[1] === '1' };
}

export function formatConsent(consent: Consent): ConsentValue {
  return `${consent.analytics ? 1 : 0}${consent.marketing ? 1 : 0}` as ConsentValue;
}
