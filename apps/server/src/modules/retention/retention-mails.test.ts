import { describe, expect, it } from 'vitest';
import { libraryEmptiedMail, reminderMail, type ReminderMail } from './retention-mails.js';

const links = { orderLink: 'http://localhost:3000/products', exportLink: 'http://localhost:3000/my-photos/exports' };
const reminder: ReminderMail = { to: 'a@example.com', channel: 'www.printhaven.co.uk', stage: 1, deletionAt: new Date('2026-12-01T00:00:00Z'), photos: 1234, ...links };
const emptied = { to: 'a@example.com', channel: 'www.printhaven.co.uk', photos: 1234, emptiedAt: new Date('2026-12-01T07:03:00Z'), libraryLink: 'http://localhost:3000/my-photos' };

/** One channel per mail language, so every language's text is rendered. */
const CHANNEL_PER_LANGUAGE = [
  'www.printhaven.co.uk', 'www.printhaven.nl', 'www.printhaven.de', 'www.printhaven.fr', 'www.printhaven.es',
  'www.printhaven.it', 'www.printhaven.dk', 'www.printhaven.pt', 'www.printhaven.no', 'www.printhaven-nordic.se',
];

describe('the storage period reminder', () => {
  it("states the storefront's brand, the date and photo count in its locale, and both ways out, in English", () => {
    const mail = reminderMail(reminder);
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toBe('Your photos will be deleted on 1 December 2026');
    for (const part of ['Printhaven', '1 December 2026', '1,234 photos', links.orderLink, links.exportLink, '18 months']) expect(mail.text).toContain(part);
    expect(mail.id).toBeUndefined();
  });

  it('is written in German for an Albumly storefront in Germany, with German date and number formats', () => {
    const mail = reminderMail({ ...reminder, channel: 'www.albumly.de', stage: 2 });
    expect(mail.subject).toBe('Erinnerung: Deine Fotos werden am 1. Dezember 2026 gelöscht');
    for (const part of ['Albumly', '1. Dezember 2026', '1.234 Fotos', links.orderLink, links.exportLink]) expect(mail.text).toContain(part);
    expect(mail.text).not.toContain('Printhaven');
  });

  it('says a single photo in the singular', () => {
    expect(reminderMail({ ...reminder, photos: 1 }).text).toContain('with 1 photo,');
    expect(reminderMail({ ...reminder, channel: 'www.printhaven.de', photos: 1 }).text).toContain('mit 1 Foto ');
  });

  it('has a different subject for each stage, the last one marked as the last reminder and still dated', () => {
    const subjects = ([1, 2, 3] as const).map((stage) => reminderMail({ ...reminder, stage }).subject);
    expect(new Set(subjects).size).toBe(3);
    expect(subjects[2]).toBe('Last reminder: your photos will be deleted on 1 December 2026');
    expect(reminderMail({ ...reminder, stage: 3 }).text).toMatch(/^This is the last reminder\./);
  });

  it('has its own text in every mail language, each with the date, count and links', () => {
    const english = reminderMail(reminder);
    const mails = CHANNEL_PER_LANGUAGE.map((channel) => reminderMail({ ...reminder, channel }));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(mails.length);
    for (const mail of mails.slice(1)) {
      expect(mail.text).not.toBe(english.text);
      expect(mail.text).toContain(links.orderLink);
      expect(mail.text).toContain(links.exportLink);
      expect(mail.text).toMatch(/2026/);
      expect(mail.text).toMatch(/1\D?234/);
    }
  });

  it('falls back to the default storefront (Printhaven, British English) for an unknown channel', () => {
    const mail = reminderMail({ ...reminder, channel: 'www.unknown.example' });
    expect(mail).toEqual(reminderMail({ ...reminder, channel: 'www.printhaven.co.uk' }));
  });
});

describe('the library emptied mail', () => {
  it('confirms the deletion with count, date and reason, and that the account and orders remain, in English', () => {
    const mail = libraryEmptiedMail(emptied);
    expect(mail.subject).toBe('Your photos have been deleted');
    for (const part of ['Printhaven', '1,234 photos', '1 December 2026', '18 months', 'orders remain', emptied.libraryLink]) expect(mail.text).toContain(part);
    expect(mail.id).toBeUndefined();
  });

  it('is written in German for an Albumly storefront in Germany', () => {
    const mail = libraryEmptiedMail({ ...emptied, channel: 'www.albumly.de' });
    expect(mail.subject).toBe('Deine Fotos wurden gelöscht');
    for (const part of ['Albumly', '1.234 Fotos', '1. Dezember 2026', '18 Monate', emptied.libraryLink]) expect(mail.text).toContain(part);
  });

  it('has its own text in every mail language, and falls back for an unknown channel', () => {
    const english = libraryEmptiedMail(emptied);
    const mails = CHANNEL_PER_LANGUAGE.map((channel) => libraryEmptiedMail({ ...emptied, channel }));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(mails.length);
    for (const mail of mails.slice(1)) {
      expect(mail.text).not.toBe(english.text);
      expect(mail.text).toContain(emptied.libraryLink);
    }
    expect(libraryEmptiedMail({ ...emptied, channel: 'nope' })).toEqual(english);
  });
});
