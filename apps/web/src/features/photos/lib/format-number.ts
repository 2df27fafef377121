import i18next from 'i18next';

const formats = new Map<string, Intl.NumberFormat>();

/** A count as the channel's language writes it (1,200 in English, 1.200 in German). */
export function formatNumber(value: number): string {
  const language = i18next.language || 'en-GB';
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    formats.set(language, format);
  }
  return format.format(value);
}
