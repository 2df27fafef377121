const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Sizes as the spec writes them (§9): units Bytes, KB, MB, GB; base 1024; at most 2 decimals. */
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = Number.parseFloat((bytes / 1024 ** exponent).toFixed(2));
  return `${value.toLocaleString(locale, { maximumFractionDigits: 2 })} ${UNITS[exponent]}`;
}
