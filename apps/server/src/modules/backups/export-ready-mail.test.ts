import { describe, expect, it } from 'vitest';
import { exportReadyMail } from './export-ready-mail.js';

const ready = { to: 'a@example.com', link: 'http://localhost:3000/my-photos/exports/b1', expires: new Date('2026-12-01T10:00:00Z'), photos: 12, skipped: 0 };

describe('the export-ready mail', () => {
  it('is written in the language of the storefront, with its date in that locale', () => {
    expect(exportReadyMail({ ...ready, locale: 'nl-BE' })).toMatchObject({ subject: 'Je foto-export staat klaar' });
    expect(exportReadyMail({ ...ready, locale: 'nl-BE' }).text).toContain('De link werkt tot 1 december 2026.');
    expect(exportReadyMail({ ...ready, locale: 'sv-SE' }).text).toContain('Länken fungerar till 1 december 2026.');
    expect(exportReadyMail({ ...ready, locale: 'fr-FR' }).text).toContain("jusqu'au 1 décembre 2026");
  });

  it('falls back to English for a locale the storefronts do not have, and names deleted photos only when there were some', () => {
    const mail = exportReadyMail({ ...ready, locale: 'xx-YY' });
    expect(mail.subject).toBe('Your photo export is ready');
    expect(mail.text).toBe(`Your export of 12 photos is ready to download:\n\n${ready.link}\n\nThe link works until 1 December 2026.`);
    expect(exportReadyMail({ ...ready, locale: 'en-GB', skipped: 2 }).text).toContain('2 photos were deleted while the export was being made');
  });

  it('has a text for every storefront language', () => {
    const subjects = ['en-GB', 'nl-NL', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'da-DK', 'pt-PT', 'nb-NO', 'sv-SE'].map((locale) => exportReadyMail({ ...ready, locale }).subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });
});
