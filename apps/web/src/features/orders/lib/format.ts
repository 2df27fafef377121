import type { Address } from '@shoebox/contracts';
import { format } from 'date-fns';
import { currentDateLocale } from '../../../lib/date-locale';

/** A date as the channel writes it (date-fns's long date in the channel's locale, loaded with the order screens). */
export const formatDate = (iso: string): string => format(new Date(iso), 'PPP', { locale: currentDateLocale() });

/** Money kept in the currency's minor unit, shown in the customer's language. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minorUnits / 10 ** digits);
}

/** The lines of an address as a label carries them; the country by its name in the customer's language. */
export function addressLines(address: Address, locale: string): string[] {
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(address.countryCode) ?? address.countryCode;
  return [`${address.firstName} ${address.lastName}`, `${address.street} ${address.houseNumber}`, `${address.postalCode} ${address.city}`, country, ...(address.phone ? [address.phone] : [])];
}
