import { BRAND_NAMES, DEFAULT_CHANNEL_HOST, STORAGE_PERIOD_MONTHS, channelForHost, findChannel } from '@shoebox/contracts';
import { mailDate, mailFormats, mailLocale, type Language } from '../../platform/mail/mail-language.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

interface Facts {
  brand: string;
  date: string;
  /** The count with its noun, e.g. "1,234 photos". */
  photos: string;
  months: number;
}

interface MailTexts {
  /** The noun after a count: [one, other]. */
  photo: [string, string];
  /** Per reminder stage: 30, 7 and 1 days before. */
  reminderSubject: Record<ReminderMail['stage'], (date: string) => string>;
  /** Opens the third reminder. */
  lastReminder: string;
  reminder: (o: Facts & { orderLink: string; exportLink: string }) => string;
  emptiedSubject: string;
  emptied: (o: Facts & { libraryLink: string }) => string;
}

/** One text per language (mail-language.ts); the library is the sentence's subject so no verb depends on the count. */
const TEXTS: Record<Language, MailTexts> = {
  en: {
    photo: ['photo', 'photos'],
    reminderSubject: {
      1: (date) => `Your photos will be deleted on ${date}`,
      2: (date) => `Reminder: your photos will be deleted on ${date}`,
      3: (date) => `Last reminder: your photos will be deleted on ${date}`,
    },
    lastReminder: 'This is the last reminder.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Your photo library at ${brand}, with ${photos}, will be deleted on ${date}. We keep photos for ${months} months after your last order (or after you registered, if you have not ordered yet), and that time is running out.\n\nThere are two ways to keep your photos:\n\nOrder something, such as prints or a photo book. Every order starts a new period of ${months} months:\n${orderLink}\n\nOr export your library and save the photos yourself:\n${exportLink}\n\nYour account and your orders stay as they are.`,
    emptiedSubject: 'Your photos have been deleted',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Your photo library at ${brand}, with ${photos}, was emptied on ${date}, because nothing was ordered for ${months} months. We sent you reminders before this date.\n\nYour account and your orders remain. New photos you upload start a new period of ${months} months:\n${libraryLink}`,
  },
  nl: {
    photo: ['foto', "foto's"],
    reminderSubject: {
      1: (date) => `Je foto's worden op ${date} verwijderd`,
      2: (date) => `Herinnering: je foto's worden op ${date} verwijderd`,
      3: (date) => `Laatste herinnering: je foto's worden op ${date} verwijderd`,
    },
    lastReminder: 'Dit is de laatste herinnering.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Je fotobibliotheek bij ${brand}, met ${photos}, wordt op ${date} verwijderd. We bewaren foto's tot ${months} maanden na je laatste bestelling (of na je registratie, als je nog niets hebt besteld), en die termijn loopt af.\n\nJe kunt je foto's op twee manieren behouden:\n\nBestel iets, bijvoorbeeld afdrukken of een fotoboek. Met elke bestelling begint een nieuwe termijn van ${months} maanden:\n${orderLink}\n\nOf exporteer je bibliotheek en bewaar de foto's zelf:\n${exportLink}\n\nJe account en je bestellingen blijven gewoon bestaan.`,
    emptiedSubject: "Je foto's zijn verwijderd",
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Je fotobibliotheek bij ${brand}, met ${photos}, is op ${date} leeggemaakt, omdat er ${months} maanden niets is besteld. We hebben je daar vooraf herinneringen over gestuurd.\n\nJe account en je bestellingen blijven bestaan. Met nieuwe foto's die je uploadt, begint een nieuwe termijn van ${months} maanden:\n${libraryLink}`,
  },
  de: {
    photo: ['Foto', 'Fotos'],
    reminderSubject: {
      1: (date) => `Deine Fotos werden am ${date} gelöscht`,
      2: (date) => `Erinnerung: Deine Fotos werden am ${date} gelöscht`,
      3: (date) => `Letzte Erinnerung: Deine Fotos werden am ${date} gelöscht`,
    },
    lastReminder: 'Dies ist die letzte Erinnerung.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Deine Fotobibliothek bei ${brand} mit ${photos} wird am ${date} gelöscht. Wir bewahren Fotos ${months} Monate nach deiner letzten Bestellung auf (oder nach deiner Registrierung, wenn du noch nichts bestellt hast), und diese Frist läuft ab.\n\nSo kannst du deine Fotos behalten:\n\nBestelle etwas, zum Beispiel Abzüge oder ein Fotobuch. Mit jeder Bestellung beginnt eine neue Frist von ${months} Monaten:\n${orderLink}\n\nOder exportiere deine Bibliothek und speichere die Fotos selbst:\n${exportLink}\n\nDein Konto und deine Bestellungen bleiben erhalten.`,
    emptiedSubject: 'Deine Fotos wurden gelöscht',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Deine Fotobibliothek bei ${brand} mit ${photos} wurde am ${date} geleert, weil ${months} Monate lang nichts bestellt wurde. Wir haben dich vorher daran erinnert.\n\nDein Konto und deine Bestellungen bleiben erhalten. Mit neuen Fotos, die du hochlädst, beginnt eine neue Frist von ${months} Monaten:\n${libraryLink}`,
  },
  fr: {
    photo: ['photo', 'photos'],
    reminderSubject: {
      1: (date) => `Vos photos seront supprimées le ${date}`,
      2: (date) => `Rappel : vos photos seront supprimées le ${date}`,
      3: (date) => `Dernier rappel : vos photos seront supprimées le ${date}`,
    },
    lastReminder: 'Ceci est le dernier rappel.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Votre photothèque ${brand}, qui contient ${photos}, sera supprimée le ${date}. Nous conservons les photos pendant ${months} mois après votre dernière commande (ou après votre inscription, si vous n'avez encore rien commandé), et ce délai arrive à son terme.\n\nVous pouvez conserver vos photos de deux façons :\n\nPassez une commande, par exemple des tirages ou un livre photo. Chaque commande fait démarrer une nouvelle période de ${months} mois :\n${orderLink}\n\nOu exportez votre photothèque et enregistrez vous-même vos photos :\n${exportLink}\n\nVotre compte et vos commandes sont conservés.`,
    emptiedSubject: 'Vos photos ont été supprimées',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Votre photothèque ${brand}, qui contenait ${photos}, a été vidée le ${date}, car aucune commande n'a été passée pendant ${months} mois. Nous vous avions envoyé des rappels avant cette date.\n\nVotre compte et vos commandes sont conservés. Les nouvelles photos que vous importez font démarrer une nouvelle période de ${months} mois :\n${libraryLink}`,
  },
  es: {
    photo: ['foto', 'fotos'],
    reminderSubject: {
      1: (date) => `Tus fotos se eliminarán el ${date}`,
      2: (date) => `Recordatorio: tus fotos se eliminarán el ${date}`,
      3: (date) => `Último recordatorio: tus fotos se eliminarán el ${date}`,
    },
    lastReminder: 'Este es el último recordatorio.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Tu biblioteca de fotos de ${brand}, con ${photos}, se eliminará el ${date}. Guardamos las fotos durante ${months} meses después de tu último pedido (o desde tu registro, si aún no has pedido nada), y ese plazo está a punto de terminar.\n\nTienes dos formas de conservar tus fotos:\n\nHaz un pedido, por ejemplo copias o un fotolibro. Cada pedido inicia un nuevo plazo de ${months} meses:\n${orderLink}\n\nO exporta tu biblioteca y guarda las fotos tú mismo:\n${exportLink}\n\nTu cuenta y tus pedidos se mantienen.`,
    emptiedSubject: 'Tus fotos se han eliminado',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Tu biblioteca de fotos de ${brand}, con ${photos}, se vació el ${date}, porque no se hizo ningún pedido durante ${months} meses. Te enviamos recordatorios antes de esa fecha.\n\nTu cuenta y tus pedidos se mantienen. Las fotos nuevas que subas inician un nuevo plazo de ${months} meses:\n${libraryLink}`,
  },
  it: {
    photo: ['foto', 'foto'],
    reminderSubject: {
      1: (date) => `Le tue foto verranno eliminate il ${date}`,
      2: (date) => `Promemoria: le tue foto verranno eliminate il ${date}`,
      3: (date) => `Ultimo promemoria: le tue foto verranno eliminate il ${date}`,
    },
    lastReminder: "Questo è l'ultimo promemoria.",
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `La tua libreria di foto su ${brand}, con ${photos}, verrà eliminata il ${date}. Conserviamo le foto per ${months} mesi dopo il tuo ultimo ordine (o dalla registrazione, se non hai ancora ordinato nulla), e questo periodo sta per scadere.\n\nPuoi conservare le tue foto in due modi:\n\nFai un ordine, ad esempio stampe o un fotolibro. Ogni ordine avvia un nuovo periodo di ${months} mesi:\n${orderLink}\n\nOppure esporta la tua libreria e salva le foto tu stesso:\n${exportLink}\n\nIl tuo account e i tuoi ordini restano invariati.`,
    emptiedSubject: 'Le tue foto sono state eliminate',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `La tua libreria di foto su ${brand}, con ${photos}, è stata svuotata il ${date}, perché non è stato fatto alcun ordine per ${months} mesi. Ti avevamo inviato dei promemoria prima di questa data.\n\nIl tuo account e i tuoi ordini restano. Le nuove foto che carichi avviano un nuovo periodo di ${months} mesi:\n${libraryLink}`,
  },
  da: {
    photo: ['foto', 'fotos'],
    reminderSubject: {
      1: (date) => `Dine fotos bliver slettet den ${date}`,
      2: (date) => `Påmindelse: Dine fotos bliver slettet den ${date}`,
      3: (date) => `Sidste påmindelse: Dine fotos bliver slettet den ${date}`,
    },
    lastReminder: 'Dette er den sidste påmindelse.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Dit fotobibliotek hos ${brand} med ${photos} bliver slettet den ${date}. Vi gemmer fotos i ${months} måneder efter din seneste bestilling (eller efter du oprettede din konto, hvis du endnu ikke har bestilt noget), og den periode er ved at løbe ud.\n\nDu kan beholde dine fotos på to måder:\n\nBestil noget, for eksempel aftryk eller en fotobog. Hver bestilling starter en ny periode på ${months} måneder:\n${orderLink}\n\nEller eksportér dit bibliotek, og gem selv dine fotos:\n${exportLink}\n\nDin konto og dine bestillinger bevares.`,
    emptiedSubject: 'Dine fotos er blevet slettet',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Dit fotobibliotek hos ${brand} med ${photos} blev tømt den ${date}, fordi der ikke er bestilt noget i ${months} måneder. Vi sendte dig påmindelser inden denne dato.\n\nDin konto og dine bestillinger bevares. Nye fotos, du uploader, starter en ny periode på ${months} måneder:\n${libraryLink}`,
  },
  pt: {
    photo: ['foto', 'fotos'],
    reminderSubject: {
      1: (date) => `As suas fotos serão eliminadas a ${date}`,
      2: (date) => `Lembrete: as suas fotos serão eliminadas a ${date}`,
      3: (date) => `Último lembrete: as suas fotos serão eliminadas a ${date}`,
    },
    lastReminder: 'Este é o último lembrete.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `A sua biblioteca de fotos ${brand}, com ${photos}, será eliminada a ${date}. Guardamos as fotos durante ${months} meses após a sua última encomenda (ou após o seu registo, se ainda não encomendou nada), e esse prazo está a terminar.\n\nPode manter as suas fotos de duas formas:\n\nFaça uma encomenda, por exemplo impressões ou um fotolivro. Cada encomenda inicia um novo prazo de ${months} meses:\n${orderLink}\n\nOu exporte a sua biblioteca e guarde as fotos:\n${exportLink}\n\nA sua conta e as suas encomendas mantêm-se.`,
    emptiedSubject: 'As suas fotos foram eliminadas',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `A sua biblioteca de fotos ${brand}, com ${photos}, foi esvaziada a ${date}, porque não foi feita nenhuma encomenda durante ${months} meses. Enviámos-lhe lembretes antes desta data.\n\nA sua conta e as suas encomendas mantêm-se. As novas fotos que carregar iniciam um novo prazo de ${months} meses:\n${libraryLink}`,
  },
  nb: {
    photo: ['bilde', 'bilder'],
    reminderSubject: {
      1: (date) => `Bildene dine blir slettet ${date}`,
      2: (date) => `Påminnelse: Bildene dine blir slettet ${date}`,
      3: (date) => `Siste påminnelse: Bildene dine blir slettet ${date}`,
    },
    lastReminder: 'Dette er den siste påminnelsen.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Bildebiblioteket ditt hos ${brand} med ${photos} blir slettet ${date}. Vi tar vare på bilder i ${months} måneder etter den siste bestillingen din (eller etter at du registrerte deg, hvis du ikke har bestilt noe ennå), og den perioden nærmer seg slutten.\n\nDu kan beholde bildene dine på to måter:\n\nBestill noe, for eksempel papirbilder eller en fotobok. Hver bestilling starter en ny periode på ${months} måneder:\n${orderLink}\n\nEller eksporter biblioteket ditt og lagre bildene selv:\n${exportLink}\n\nKontoen og bestillingene dine beholdes.`,
    emptiedSubject: 'Bildene dine er slettet',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Bildebiblioteket ditt hos ${brand} med ${photos} ble tømt ${date}, fordi ingenting er bestilt på ${months} måneder. Vi sendte deg påminnelser før denne datoen.\n\nKontoen og bestillingene dine beholdes. Nye bilder du laster opp, starter en ny periode på ${months} måneder:\n${libraryLink}`,
  },
  sv: {
    photo: ['foto', 'foton'],
    reminderSubject: {
      1: (date) => `Dina foton raderas den ${date}`,
      2: (date) => `Påminnelse: Dina foton raderas den ${date}`,
      3: (date) => `Sista påminnelsen: Dina foton raderas den ${date}`,
    },
    lastReminder: 'Det här är den sista påminnelsen.',
    reminder: ({ brand, date, photos, months, orderLink, exportLink }) =>
      `Ditt fotobibliotek hos ${brand} med ${photos} raderas den ${date}. Vi sparar foton i ${months} månader efter din senaste beställning (eller efter att du registrerade dig, om du inte har beställt något ännu), och den perioden håller på att ta slut.\n\nDu kan behålla dina foton på två sätt:\n\nBeställ något, till exempel kopior eller en fotobok. Varje beställning startar en ny period på ${months} månader:\n${orderLink}\n\nEller exportera ditt bibliotek och spara fotona själv:\n${exportLink}\n\nDitt konto och dina beställningar finns kvar.`,
    emptiedSubject: 'Dina foton har raderats',
    emptied: ({ brand, date, photos, months, libraryLink }) =>
      `Ditt fotobibliotek hos ${brand} med ${photos} tömdes den ${date}, eftersom inget har beställts på ${months} månader. Vi skickade påminnelser till dig före det datumet.\n\nDitt konto och dina beställningar finns kvar. Nya foton som du laddar upp startar en ny period på ${months} månader:\n${libraryLink}`,
  },
};

/** The storefront a customer belongs to (an unknown channel code reads as the default one): its brand, locale and texts. */
function storefront(channelCode: string, photos: number, date: Date) {
  const channel = findChannel(channelCode) ?? channelForHost(DEFAULT_CHANNEL_HOST);
  const { locale, language } = mailLocale(channel.locale);
  const texts = TEXTS[language];
  const [one, other] = texts.photo;
  const format = mailFormats(locale);
  const noun = format.plural.select(photos) === 'one' ? one : other;
  const facts: Facts = {
    brand: BRAND_NAMES[channel.brand],
    date: mailDate(locale, date),
    photos: `${format.number.format(photos)} ${noun}`,
    months: STORAGE_PERIOD_MONTHS,
  };
  return { texts, facts };
}

export interface ReminderMail {
  to: string;
  /** The customer's channel code (customers.channel). */
  channel: string;
  /** 1, 2, 3: the reminders 30, 7 and 1 days before the deletion day. */
  stage: 1 | 2 | 3;
  /** The deletion day in force when this mail is sent. */
  deletionAt: Date;
  photos: number;
  orderLink: string;
  exportLink: string;
}

/** A reminder that the library will be deleted, in the storefront's brand and language; the caller gives it its id. */
export function reminderMail(o: ReminderMail): MailMessage {
  const { texts, facts } = storefront(o.channel, o.photos, o.deletionAt);
  const body = texts.reminder({ ...facts, orderLink: o.orderLink, exportLink: o.exportLink });
  return {
    to: o.to,
    subject: texts.reminderSubject[o.stage](facts.date),
    text: o.stage === 3 ? `${texts.lastReminder} ${body}` : body,
  };
}

export interface LibraryEmptiedMail {
  to: string;
  /** The customer's channel code (customers.channel). */
  channel: string;
  photos: number;
  emptiedAt: Date;
  libraryLink: string;
}

/** The last mail: the library was emptied at the period's end, the account stays; the caller gives it its id. */
export function libraryEmptiedMail(o: LibraryEmptiedMail): MailMessage {
  const { texts, facts } = storefront(o.channel, o.photos, o.emptiedAt);
  return { to: o.to, subject: texts.emptiedSubject, text: texts.emptied({ ...facts, libraryLink: o.libraryLink }) };
}
