import { mailDate, mailLocale, type Language } from '../../platform/mail/mail-language.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

interface Texts {
  subject: string;
  body: (o: { link: string; expires: string; email: string }) => string;
}

interface MailTexts {
  /** To the new address: the link that confirms it. */
  emailChange: Texts;
  /** To the old address: someone asked to move the account away from it. */
  emailChangeNotice: Texts;
  /** To the account's address: the link that deletes the account. */
  deletion: Texts;
}

/** One text per language (mail-language.ts). */
const TEXTS: Record<Language, MailTexts> = {
  en: {
    emailChange: {
      subject: 'Confirm your new email address',
      body: ({ link, expires }) => `Please confirm that you want to use this email address for your account by opening this link:\n\n${link}\n\nThe link works once, until ${expires}. If you did not ask for this, you can ignore this email.`,
    },
    emailChangeNotice: {
      subject: 'Your email address is about to change',
      body: ({ email }) => `Someone asked to change the email address of your account to ${email}. Nothing changes until the link sent to that address is opened.\n\nIf this was not you, sign in and change your password, or contact customer care.`,
    },
    deletion: {
      subject: 'Confirm the deletion of your account',
      body: ({ link, expires }) => `Please confirm that you want to delete your account by opening this link:\n\n${link}\n\nAll your personal data, photos, projects and order history will be deleted. This cannot be undone. The link works once, until ${expires}. If you did not ask for this, you can ignore this email.`,
    },
  },
  nl: {
    emailChange: {
      subject: 'Bevestig je nieuwe e-mailadres',
      body: ({ link, expires }) => `Bevestig dat je dit e-mailadres voor je account wilt gebruiken door deze link te openen:\n\n${link}\n\nDe link werkt één keer, tot ${expires}. Heb je dit niet aangevraagd, dan kun je deze e-mail negeren.`,
    },
    emailChangeNotice: {
      subject: 'Je e-mailadres wordt gewijzigd',
      body: ({ email }) => `Er is gevraagd om het e-mailadres van je account te wijzigen in ${email}. Er verandert niets totdat de link die naar dat adres is gestuurd, wordt geopend.\n\nWas jij dit niet? Log dan in en wijzig je wachtwoord, of neem contact op met de klantenservice.`,
    },
    deletion: {
      subject: 'Bevestig het verwijderen van je account',
      body: ({ link, expires }) => `Bevestig dat je je account wilt verwijderen door deze link te openen:\n\n${link}\n\nAl je persoonlijke gegevens, foto's, projecten en bestelgeschiedenis worden verwijderd. Dit kan niet ongedaan worden gemaakt. De link werkt één keer, tot ${expires}. Heb je dit niet aangevraagd, dan kun je deze e-mail negeren.`,
    },
  },
  de: {
    emailChange: {
      subject: 'Bestätige deine neue E-Mail-Adresse',
      body: ({ link, expires }) => `Bitte bestätige, dass du diese E-Mail-Adresse für dein Konto verwenden möchtest, indem du diesen Link öffnest:\n\n${link}\n\nDer Link funktioniert einmal, bis ${expires}. Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.`,
    },
    emailChangeNotice: {
      subject: 'Deine E-Mail-Adresse wird geändert',
      body: ({ email }) => `Jemand hat angefordert, die E-Mail-Adresse deines Kontos in ${email} zu ändern. Es ändert sich nichts, bis der an diese Adresse gesendete Link geöffnet wird.\n\nWarst du das nicht, melde dich an und ändere dein Passwort oder wende dich an den Kundenservice.`,
    },
    deletion: {
      subject: 'Bestätige die Löschung deines Kontos',
      body: ({ link, expires }) => `Bitte bestätige, dass du dein Konto löschen möchtest, indem du diesen Link öffnest:\n\n${link}\n\nAlle deine persönlichen Daten, Fotos, Projekte und dein Bestellverlauf werden gelöscht. Das kann nicht rückgängig gemacht werden. Der Link funktioniert einmal, bis ${expires}. Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.`,
    },
  },
  fr: {
    emailChange: {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      body: ({ link, expires }) => `Veuillez confirmer que vous souhaitez utiliser cette adresse e-mail pour votre compte en ouvrant ce lien :\n\n${link}\n\nLe lien fonctionne une seule fois, jusqu'au ${expires}. Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail.`,
    },
    emailChangeNotice: {
      subject: 'Votre adresse e-mail va être modifiée',
      body: ({ email }) => `Quelqu'un a demandé à remplacer l'adresse e-mail de votre compte par ${email}. Rien ne change tant que le lien envoyé à cette adresse n'est pas ouvert.\n\nSi ce n'était pas vous, connectez-vous et changez votre mot de passe, ou contactez le service client.`,
    },
    deletion: {
      subject: 'Confirmez la suppression de votre compte',
      body: ({ link, expires }) => `Veuillez confirmer que vous souhaitez supprimer votre compte en ouvrant ce lien :\n\n${link}\n\nToutes vos données personnelles, photos, projets et l'historique de vos commandes seront supprimés. Cette action est irréversible. Le lien fonctionne une seule fois, jusqu'au ${expires}. Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail.`,
    },
  },
  es: {
    emailChange: {
      subject: 'Confirma tu nueva dirección de correo electrónico',
      body: ({ link, expires }) => `Confirma que quieres usar esta dirección de correo electrónico para tu cuenta abriendo este enlace:\n\n${link}\n\nEl enlace funciona una sola vez, hasta el ${expires}. Si no lo has solicitado, puedes ignorar este correo.`,
    },
    emailChangeNotice: {
      subject: 'Tu dirección de correo electrónico va a cambiar',
      body: ({ email }) => `Alguien ha solicitado cambiar la dirección de correo electrónico de tu cuenta a ${email}. No cambiará nada hasta que se abra el enlace enviado a esa dirección.\n\nSi no has sido tú, inicia sesión y cambia tu contraseña, o ponte en contacto con atención al cliente.`,
    },
    deletion: {
      subject: 'Confirma la eliminación de tu cuenta',
      body: ({ link, expires }) => `Confirma que quieres eliminar tu cuenta abriendo este enlace:\n\n${link}\n\nSe eliminarán todos tus datos personales, fotos, proyectos e historial de pedidos. No se puede deshacer. El enlace funciona una sola vez, hasta el ${expires}. Si no lo has solicitado, puedes ignorar este correo.`,
    },
  },
  it: {
    emailChange: {
      subject: 'Conferma il tuo nuovo indirizzo email',
      body: ({ link, expires }) => `Conferma che vuoi usare questo indirizzo email per il tuo account aprendo questo link:\n\n${link}\n\nIl link funziona una sola volta, fino al ${expires}. Se non l'hai richiesto tu, puoi ignorare questa email.`,
    },
    emailChangeNotice: {
      subject: 'Il tuo indirizzo email sta per cambiare',
      body: ({ email }) => `È stato chiesto di cambiare l'indirizzo email del tuo account in ${email}. Non cambia nulla finché non viene aperto il link inviato a quell'indirizzo.\n\nSe non sei stato tu, accedi e cambia la password, oppure contatta il servizio clienti.`,
    },
    deletion: {
      subject: "Conferma l'eliminazione del tuo account",
      body: ({ link, expires }) => `Conferma che vuoi eliminare il tuo account aprendo questo link:\n\n${link}\n\nTutti i tuoi dati personali, le foto, i progetti e lo storico degli ordini verranno eliminati. L'operazione non può essere annullata. Il link funziona una sola volta, fino al ${expires}. Se non l'hai richiesto tu, puoi ignorare questa email.`,
    },
  },
  da: {
    emailChange: {
      subject: 'Bekræft din nye e-mailadresse',
      body: ({ link, expires }) => `Bekræft, at du vil bruge denne e-mailadresse til din konto, ved at åbne dette link:\n\n${link}\n\nLinket virker én gang, indtil ${expires}. Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail.`,
    },
    emailChangeNotice: {
      subject: 'Din e-mailadresse er ved at blive ændret',
      body: ({ email }) => `Nogen har bedt om at ændre e-mailadressen på din konto til ${email}. Intet ændres, før linket sendt til den adresse bliver åbnet.\n\nHvis det ikke var dig, så log ind og skift din adgangskode, eller kontakt kundeservice.`,
    },
    deletion: {
      subject: 'Bekræft sletning af din konto',
      body: ({ link, expires }) => `Bekræft, at du vil slette din konto, ved at åbne dette link:\n\n${link}\n\nAlle dine personlige data, fotos, projekter og din ordrehistorik bliver slettet. Det kan ikke fortrydes. Linket virker én gang, indtil ${expires}. Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail.`,
    },
  },
  pt: {
    emailChange: {
      subject: 'Confirme o seu novo endereço de e-mail',
      body: ({ link, expires }) => `Confirme que pretende usar este endereço de e-mail na sua conta abrindo esta ligação:\n\n${link}\n\nA ligação funciona uma vez, até ${expires}. Se não fez este pedido, pode ignorar este e-mail.`,
    },
    emailChangeNotice: {
      subject: 'O seu endereço de e-mail vai ser alterado',
      body: ({ email }) => `Foi pedido que o endereço de e-mail da sua conta passe a ser ${email}. Nada muda até que a ligação enviada para esse endereço seja aberta.\n\nSe não foi você, inicie sessão e altere a sua palavra-passe, ou contacte o apoio ao cliente.`,
    },
    deletion: {
      subject: 'Confirme a eliminação da sua conta',
      body: ({ link, expires }) => `Confirme que pretende eliminar a sua conta abrindo esta ligação:\n\n${link}\n\nTodos os seus dados pessoais, fotos, projetos e histórico de encomendas serão eliminados. Não é possível anular. A ligação funciona uma vez, até ${expires}. Se não fez este pedido, pode ignorar este e-mail.`,
    },
  },
  nb: {
    emailChange: {
      subject: 'Bekreft den nye e-postadressen din',
      body: ({ link, expires }) => `Bekreft at du vil bruke denne e-postadressen for kontoen din ved å åpne denne lenken:\n\n${link}\n\nLenken virker én gang, til ${expires}. Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten.`,
    },
    emailChangeNotice: {
      subject: 'E-postadressen din er i ferd med å bli endret',
      body: ({ email }) => `Noen har bedt om å endre e-postadressen til kontoen din til ${email}. Ingenting endres før lenken som er sendt til den adressen, blir åpnet.\n\nHvis det ikke var deg, logg inn og bytt passord, eller kontakt kundeservice.`,
    },
    deletion: {
      subject: 'Bekreft sletting av kontoen din',
      body: ({ link, expires }) => `Bekreft at du vil slette kontoen din ved å åpne denne lenken:\n\n${link}\n\nAlle personopplysningene, bildene, prosjektene og ordrehistorikken din blir slettet. Dette kan ikke angres. Lenken virker én gang, til ${expires}. Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten.`,
    },
  },
  sv: {
    emailChange: {
      subject: 'Bekräfta din nya e-postadress',
      body: ({ link, expires }) => `Bekräfta att du vill använda den här e-postadressen för ditt konto genom att öppna länken:\n\n${link}\n\nLänken fungerar en gång, till ${expires}. Om du inte har begärt detta kan du bortse från det här mejlet.`,
    },
    emailChangeNotice: {
      subject: 'Din e-postadress håller på att ändras',
      body: ({ email }) => `Någon har begärt att e-postadressen för ditt konto ska ändras till ${email}. Ingenting ändras förrän länken som skickats till den adressen öppnas.\n\nOm det inte var du, logga in och byt lösenord eller kontakta kundtjänst.`,
    },
    deletion: {
      subject: 'Bekräfta att ditt konto ska raderas',
      body: ({ link, expires }) => `Bekräfta att du vill radera ditt konto genom att öppna länken:\n\n${link}\n\nAlla dina personuppgifter, foton, projekt och din orderhistorik raderas. Det går inte att ångra. Länken fungerar en gång, till ${expires}. Om du inte har begärt detta kan du bortse från det här mejlet.`,
    },
  },
};

export type IdentityMailKind = keyof MailTexts;

/** One of the identity request mails, in the storefront's language, its expiry as a date of that locale. */
export function identityRequestMail(kind: IdentityMailKind, o: { to: string; locale: string; link?: string; expires?: Date; email?: string }): MailMessage {
  const { locale, language } = mailLocale(o.locale);
  const texts = TEXTS[language][kind];
  return { to: o.to, subject: texts.subject, text: texts.body({ link: o.link ?? '', expires: o.expires ? mailDate(locale, o.expires) : '', email: o.email ?? '' }) };
}
