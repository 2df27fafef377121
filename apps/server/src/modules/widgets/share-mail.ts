import type { MailMessage } from '../../platform/mail/mailer.js';
import { mailDate, mailLocale, type Language } from '../../platform/mail/mail-language.js';

interface ShareMail {
  title: string;
  senderName: string;
  personalMessage: string;
  link: string;
  expires: string;
}

interface MailTexts {
  subject: (sender: string) => string;
  intro: (o: ShareMail) => string;
  open: string;
  until: (expires: string) => string;
}

const TEXTS: Record<Language, MailTexts> = {
  en: {
    subject: (s) => `${s} shares a photo book with you`,
    intro: ({ senderName, title }) => `${senderName} wants to show you the photo book "${title}".`,
    open: 'Open it here, no account needed:',
    until: (d) => `The link works until ${d}.`,
  },
  nl: {
    subject: (s) => `${s} deelt een fotoboek met je`,
    intro: ({ senderName, title }) => `${senderName} wil je het fotoboek "${title}" laten zien.`,
    open: 'Bekijk het hier, zonder account:',
    until: (d) => `De link werkt tot ${d}.`,
  },
  de: {
    subject: (s) => `${s} teilt ein Fotobuch mit dir`,
    intro: ({ senderName, title }) => `${senderName} möchte dir das Fotobuch „${title}“ zeigen.`,
    open: 'Hier kannst du es ansehen, ganz ohne Konto:',
    until: (d) => `Der Link ist bis ${d} gültig.`,
  },
  fr: {
    subject: (s) => `${s} partage un livre photo avec vous`,
    intro: ({ senderName, title }) => `${senderName} souhaite vous montrer le livre photo « ${title} ».`,
    open: 'Ouvrez-le ici, sans compte :',
    until: (d) => `Le lien est valable jusqu'au ${d}.`,
  },
  es: {
    subject: (s) => `${s} comparte un fotolibro contigo`,
    intro: ({ senderName, title }) => `${senderName} quiere enseñarte el fotolibro «${title}».`,
    open: 'Ábrelo aquí, sin necesidad de cuenta:',
    until: (d) => `El enlace funciona hasta el ${d}.`,
  },
  it: {
    subject: (s) => `${s} condivide un fotolibro con te`,
    intro: ({ senderName, title }) => `${senderName} vuole mostrarti il fotolibro "${title}".`,
    open: 'Aprilo qui, senza bisogno di un account:',
    until: (d) => `Il link è valido fino al ${d}.`,
  },
  da: {
    subject: (s) => `${s} deler en fotobog med dig`,
    intro: ({ senderName, title }) => `${senderName} vil gerne vise dig fotobogen "${title}".`,
    open: 'Åbn den her, uden konto:',
    until: (d) => `Linket virker indtil ${d}.`,
  },
  pt: {
    subject: (s) => `${s} partilha um fotolivro consigo`,
    intro: ({ senderName, title }) => `${senderName} quer mostrar-lhe o fotolivro "${title}".`,
    open: 'Abra-o aqui, sem precisar de conta:',
    until: (d) => `A ligação funciona até ${d}.`,
  },
  nb: {
    subject: (s) => `${s} deler en fotobok med deg`,
    intro: ({ senderName, title }) => `${senderName} vil vise deg fotoboken «${title}».`,
    open: 'Åpne den her, uten konto:',
    until: (d) => `Lenken virker til ${d}.`,
  },
  sv: {
    subject: (s) => `${s} delar en fotobok med dig`,
    intro: ({ senderName, title }) => `${senderName} vill visa dig fotoboken ”${title}”.`,
    open: 'Öppna den här, utan konto:',
    until: (d) => `Länken fungerar till ${d}.`,
  },
};

/** The mail that carries a share link, in the language of the sender's storefront; the personal message is quoted as written. */
export function shareMail(to: string, storefrontLocale: string, o: Omit<ShareMail, 'expires'> & { expiresAt: Date }): MailMessage {
  const { locale, language } = mailLocale(storefrontLocale);
  const texts = TEXTS[language];
  const mail = { ...o, expires: mailDate(locale, o.expiresAt) };
  const parts = [texts.intro(mail), ...(o.personalMessage ? [`"${o.personalMessage}"`] : []), `${texts.open}\n${o.link}`, texts.until(mail.expires)];
  return { to, subject: texts.subject(o.senderName), text: parts.join('\n\n') };
}
