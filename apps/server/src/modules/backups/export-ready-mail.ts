import { mailDate, mailLocale, type Language } from '../../platform/mail/mail-language.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

interface MailTexts {
  subject: string;
  body: (o: { link: string; expires: string; photos: number }) => string;
  /** Said only when photos were deleted while the export was made. */
  skipped: (count: number) => string;
}

/** One text per language (mail-language.ts). */
const TEXTS: Record<Language, MailTexts> = {
  en: {
    subject: 'Your photo export is ready',
    body: ({ link, expires, photos }) => `Your export of ${photos} photos is ready to download:\n\n${link}\n\nThe link works until ${expires}.`,
    skipped: (n) => `${n} photos were deleted while the export was being made and are not in it.`,
  },
  nl: {
    subject: 'Je foto-export staat klaar',
    body: ({ link, expires, photos }) => `Je export van ${photos} foto's staat klaar om te downloaden:\n\n${link}\n\nDe link werkt tot ${expires}.`,
    skipped: (n) => `${n} foto's zijn verwijderd terwijl de export werd gemaakt en zitten er niet in.`,
  },
  de: {
    subject: 'Dein Fotoexport ist fertig',
    body: ({ link, expires, photos }) => `Dein Export mit ${photos} Fotos steht zum Herunterladen bereit:\n\n${link}\n\nDer Link ist bis ${expires} gültig.`,
    skipped: (n) => `${n} Fotos wurden gelöscht, während der Export erstellt wurde, und sind nicht enthalten.`,
  },
  fr: {
    subject: 'Votre export de photos est prêt',
    body: ({ link, expires, photos }) => `Votre export de ${photos} photos est prêt à être téléchargé :\n\n${link}\n\nLe lien est valable jusqu'au ${expires}.`,
    skipped: (n) => `${n} photos ont été supprimées pendant la création de l'export et n'y figurent pas.`,
  },
  es: {
    subject: 'Tu exportación de fotos está lista',
    body: ({ link, expires, photos }) => `Tu exportación de ${photos} fotos está lista para descargar:\n\n${link}\n\nEl enlace funciona hasta el ${expires}.`,
    skipped: (n) => `${n} fotos se eliminaron mientras se preparaba la exportación y no están incluidas.`,
  },
  it: {
    subject: 'La tua esportazione di foto è pronta',
    body: ({ link, expires, photos }) => `La tua esportazione di ${photos} foto è pronta per il download:\n\n${link}\n\nIl link è valido fino al ${expires}.`,
    skipped: (n) => `${n} foto sono state eliminate durante la preparazione dell'esportazione e non sono incluse.`,
  },
  da: {
    subject: 'Din fotoeksport er klar',
    body: ({ link, expires, photos }) => `Din eksport af ${photos} fotos er klar til download:\n\n${link}\n\nLinket virker indtil ${expires}.`,
    skipped: (n) => `${n} fotos blev slettet, mens eksporten blev lavet, og er ikke med.`,
  },
  pt: {
    subject: 'A sua exportação de fotos está pronta',
    body: ({ link, expires, photos }) => `A sua exportação de ${photos} fotos está pronta para transferir:\n\n${link}\n\nA ligação funciona até ${expires}.`,
    skipped: (n) => `${n} fotos foram eliminadas enquanto a exportação era criada e não estão incluídas.`,
  },
  nb: {
    subject: 'Fotoeksporten din er klar',
    body: ({ link, expires, photos }) => `Eksporten din med ${photos} bilder er klar til nedlasting:\n\n${link}\n\nLenken virker til ${expires}.`,
    skipped: (n) => `${n} bilder ble slettet mens eksporten ble laget, og er ikke med.`,
  },
  sv: {
    subject: 'Din fotoexport är klar',
    body: ({ link, expires, photos }) => `Din export med ${photos} foton är klar att ladda ner:\n\n${link}\n\nLänken fungerar till ${expires}.`,
    skipped: (n) => `${n} foton raderades medan exporten skapades och finns inte med.`,
  },
};

export interface ExportReadyMail {
  to: string;
  locale: string;
  /** The export page: {publicUrl}/my-photos/exports/{backupId}. */
  link: string;
  expires: Date;
  photos: number;
  skipped: number;
}

/** The mail that says an export is ready, in the customer's storefront language, its expiry as a date of that locale. */
export function exportReadyMail(o: ExportReadyMail): MailMessage {
  const { locale, language } = mailLocale(o.locale);
  const texts = TEXTS[language];
  const expires = mailDate(locale, o.expires);
  const text = [texts.body({ link: o.link, expires, photos: o.photos }), ...(o.skipped > 0 ? [texts.skipped(o.skipped)] : [])].join('\n\n');
  return { to: o.to, subject: texts.subject, text };
}
