import type { Channel } from '@shoebox/contracts';

/** Formats an amount in minor units (cents, pence, øre) in the channel's currency and locale. */
export function moneyFormatter(channel: Pick<Channel, 'locale' | 'currency'>): (minor: number) => string {
  const format = new Intl.NumberFormat(channel.locale, { style: 'currency', currency: channel.currency });
  const scale = 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
  return (minor) => format.format(minor / scale);
}
