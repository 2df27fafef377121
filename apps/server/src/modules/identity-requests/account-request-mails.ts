import { mailLocale, type Language } from '../../platform/mail/mail-language.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

interface Values {
  brand: string;
  link: string;
  minutes: number;
  hours: number;
}

interface Texts {
  subject: (v: Values) => string;
  body: (v: Values) => string;
}

interface MailTexts {
  /** To an account's address: the link that sets a new password. */
  passwordReset: Texts;
  /** To an address without an account: the link that creates the account. */
  registration: Texts;
  /** To an address that has an account, when someone asked for another one with it: no link, nothing changed. */
  registrationExists: Texts;
}

/** One text per language (mail-language.ts), written as the identity request mails are (identity-request-mails.ts). */
const TEXTS: Record<Language, MailTexts> = {
  en: {
    passwordReset: {
      subject: ({ brand }) => `Reset your ${brand} password`,
      body: ({ brand, link, minutes }) =>
        `Someone asked to reset the password of your ${brand} account. To choose a new password, open this link:\n\n${link}\n\nThe link works once, for ${minutes} minutes. If you did not ask for this, you can ignore this email: your password stays as it is.`,
    },
    registration: {
      subject: ({ brand }) => `Confirm your email address for ${brand}`,
      body: ({ brand, link, hours }) =>
        `To finish creating your ${brand} account, confirm your email address by opening this link:\n\n${link}\n\nThe link works once, for ${hours} hours. If you did not ask for this, you can ignore this email: no account will be created.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Your address already has a ${brand} account`,
      body: ({ brand }) =>
        `Someone tried to create a new ${brand} account with this email address, which already has an account. If it was you, simply sign in; if you no longer know your password, choose “Forgot password?” on the sign-in page.\n\nIf it was not you, you can ignore this email: nothing has changed.`,
    },
  },
  nl: {
    passwordReset: {
      subject: ({ brand }) => `Stel je ${brand}-wachtwoord opnieuw in`,
      body: ({ brand, link, minutes }) =>
        `Er is gevraagd om het wachtwoord van je ${brand}-account opnieuw in te stellen. Open deze link om een nieuw wachtwoord te kiezen:\n\n${link}\n\nDe link werkt één keer, gedurende ${minutes} minuten. Heb je dit niet aangevraagd, dan kun je deze e-mail negeren: je wachtwoord blijft zoals het is.`,
    },
    registration: {
      subject: ({ brand }) => `Bevestig je e-mailadres voor ${brand}`,
      body: ({ brand, link, hours }) =>
        `Open deze link om je e-mailadres te bevestigen en het aanmaken van je ${brand}-account af te ronden:\n\n${link}\n\nDe link werkt één keer, gedurende ${hours} uur. Heb je dit niet aangevraagd, dan kun je deze e-mail negeren: er wordt geen account aangemaakt.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Er bestaat al een ${brand}-account met je e-mailadres`,
      body: ({ brand }) =>
        `Iemand probeerde een nieuw ${brand}-account aan te maken met dit e-mailadres, maar er bestaat al een account mee. Was jij dit? Log dan gewoon in; weet je je wachtwoord niet meer, kies dan ‘Wachtwoord vergeten?’ op de inlogpagina.\n\nWas jij dit niet, dan kun je deze e-mail negeren: er is niets veranderd.`,
    },
  },
  de: {
    passwordReset: {
      subject: ({ brand }) => `Setze dein ${brand}-Passwort zurück`,
      body: ({ brand, link, minutes }) =>
        `Jemand hat angefordert, das Passwort deines ${brand}-Kontos zurückzusetzen. Um ein neues Passwort zu wählen, öffne diesen Link:\n\n${link}\n\nDer Link funktioniert einmal und ${minutes} Minuten lang. Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren: Dein Passwort bleibt, wie es ist.`,
    },
    registration: {
      subject: ({ brand }) => `Bestätige deine E-Mail-Adresse für ${brand}`,
      body: ({ brand, link, hours }) =>
        `Um dein ${brand}-Konto fertig zu erstellen, bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:\n\n${link}\n\nDer Link funktioniert einmal und ${hours} Stunden lang. Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren: Es wird kein Konto erstellt.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Für deine Adresse besteht bereits ein ${brand}-Konto`,
      body: ({ brand }) =>
        `Jemand hat versucht, mit dieser E-Mail-Adresse ein neues ${brand}-Konto zu erstellen. Für diese Adresse besteht bereits ein Konto. Warst du das, melde dich einfach an; falls du dein Passwort nicht mehr weißt, wähle auf der Anmeldeseite „Passwort vergessen?“.\n\nWarst du das nicht, kannst du diese E-Mail ignorieren: Es hat sich nichts geändert.`,
    },
  },
  fr: {
    passwordReset: {
      subject: ({ brand }) => `Réinitialisez votre mot de passe ${brand}`,
      body: ({ brand, link, minutes }) =>
        `Une réinitialisation du mot de passe de votre compte ${brand} a été demandée. Pour choisir un nouveau mot de passe, ouvrez ce lien :\n\n${link}\n\nLe lien fonctionne une seule fois, pendant ${minutes} minutes. Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.`,
    },
    registration: {
      subject: ({ brand }) => `Confirmez votre adresse e-mail pour ${brand}`,
      body: ({ brand, link, hours }) =>
        `Pour finaliser la création de votre compte ${brand}, confirmez votre adresse e-mail en ouvrant ce lien :\n\n${link}\n\nLe lien fonctionne une seule fois, pendant ${hours} heures. Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : aucun compte ne sera créé.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Un compte ${brand} existe déjà pour votre adresse`,
      body: ({ brand }) =>
        `Quelqu'un a essayé de créer un nouveau compte ${brand} avec cette adresse e-mail, qui a déjà un compte. Si c'était vous, connectez-vous simplement ; si vous ne connaissez plus votre mot de passe, choisissez « Mot de passe oublié ? » sur la page de connexion.\n\nSi ce n'était pas vous, vous pouvez ignorer cet e-mail : rien n'a changé.`,
    },
  },
  es: {
    passwordReset: {
      subject: ({ brand }) => `Restablece tu contraseña de ${brand}`,
      body: ({ brand, link, minutes }) =>
        `Se ha solicitado restablecer la contraseña de tu cuenta de ${brand}. Para elegir una contraseña nueva, abre este enlace:\n\n${link}\n\nEl enlace funciona una sola vez, durante ${minutes} minutos. Si no lo has solicitado, puedes ignorar este correo: tu contraseña seguirá siendo la misma.`,
    },
    registration: {
      subject: ({ brand }) => `Confirma tu dirección de correo electrónico para ${brand}`,
      body: ({ brand, link, hours }) =>
        `Para terminar de crear tu cuenta de ${brand}, confirma tu dirección de correo electrónico abriendo este enlace:\n\n${link}\n\nEl enlace funciona una sola vez, durante ${hours} horas. Si no lo has solicitado, puedes ignorar este correo: no se creará ninguna cuenta.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Ya existe una cuenta de ${brand} con tu dirección`,
      body: ({ brand }) =>
        `Alguien ha intentado crear una nueva cuenta de ${brand} con esta dirección de correo electrónico, que ya tiene una cuenta. Si has sido tú, simplemente inicia sesión; si ya no recuerdas tu contraseña, elige «¿Ha olvidado su contraseña?» en la página de inicio de sesión.\n\nSi no has sido tú, puedes ignorar este correo: no ha cambiado nada.`,
    },
  },
  it: {
    passwordReset: {
      subject: ({ brand }) => `Reimposta la tua password ${brand}`,
      body: ({ brand, link, minutes }) =>
        `È stato chiesto di reimpostare la password del tuo account ${brand}. Per scegliere una nuova password, apri questo link:\n\n${link}\n\nIl link funziona una sola volta, per ${minutes} minuti. Se non l'hai richiesto tu, puoi ignorare questa email: la tua password resta invariata.`,
    },
    registration: {
      subject: ({ brand }) => `Conferma il tuo indirizzo email per ${brand}`,
      body: ({ brand, link, hours }) =>
        `Per completare la creazione del tuo account ${brand}, conferma il tuo indirizzo email aprendo questo link:\n\n${link}\n\nIl link funziona una sola volta, per ${hours} ore. Se non l'hai richiesto tu, puoi ignorare questa email: non verrà creato alcun account.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Esiste già un account ${brand} con il tuo indirizzo`,
      body: ({ brand }) =>
        `Qualcuno ha provato a creare un nuovo account ${brand} con questo indirizzo email, che ha già un account. Se sei stato tu, accedi semplicemente; se non ricordi più la password, scegli «Password dimenticata?» nella pagina di accesso.\n\nSe non sei stato tu, puoi ignorare questa email: non è cambiato nulla.`,
    },
  },
  da: {
    passwordReset: {
      subject: ({ brand }) => `Nulstil din adgangskode til ${brand}`,
      body: ({ brand, link, minutes }) =>
        `Der er bedt om at nulstille adgangskoden til din ${brand}-konto. Åbn dette link for at vælge en ny adgangskode:\n\n${link}\n\nLinket virker én gang i ${minutes} minutter. Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail: din adgangskode forbliver den samme.`,
    },
    registration: {
      subject: ({ brand }) => `Bekræft din e-mailadresse hos ${brand}`,
      body: ({ brand, link, hours }) =>
        `Åbn dette link for at bekræfte din e-mailadresse og gøre oprettelsen af din ${brand}-konto færdig:\n\n${link}\n\nLinket virker én gang i ${hours} timer. Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail: der oprettes ingen konto.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Der findes allerede en ${brand}-konto med din adresse`,
      body: ({ brand }) =>
        `Nogen har forsøgt at oprette en ny ${brand}-konto med denne e-mailadresse, som allerede har en konto. Hvis det var dig, så log blot ind; kan du ikke huske din adgangskode, så vælg »Glemt adgangskode?« på log ind-siden.\n\nHvis det ikke var dig, kan du se bort fra denne e-mail: intet er ændret.`,
    },
  },
  pt: {
    passwordReset: {
      subject: ({ brand }) => `Reponha a sua palavra-passe ${brand}`,
      body: ({ brand, link, minutes }) =>
        `Foi pedido que a palavra-passe da sua conta ${brand} seja reposta. Para escolher uma nova palavra-passe, abra esta ligação:\n\n${link}\n\nA ligação funciona uma vez, durante ${minutes} minutos. Se não fez este pedido, pode ignorar este e-mail: a sua palavra-passe mantém-se.`,
    },
    registration: {
      subject: ({ brand }) => `Confirme o seu endereço de e-mail para ${brand}`,
      body: ({ brand, link, hours }) =>
        `Para concluir a criação da sua conta ${brand}, confirme o seu endereço de e-mail abrindo esta ligação:\n\n${link}\n\nA ligação funciona uma vez, durante ${hours} horas. Se não fez este pedido, pode ignorar este e-mail: não será criada nenhuma conta.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Já existe uma conta ${brand} com o seu endereço`,
      body: ({ brand }) =>
        `Alguém tentou criar uma nova conta ${brand} com este endereço de e-mail, que já tem uma conta. Se foi você, basta iniciar sessão; se já não se lembra da palavra-passe, escolha «Esqueceu-se da palavra-passe?» na página de início de sessão.\n\nSe não foi você, pode ignorar este e-mail: nada foi alterado.`,
    },
  },
  nb: {
    passwordReset: {
      subject: ({ brand }) => `Tilbakestill passordet ditt hos ${brand}`,
      body: ({ brand, link, minutes }) =>
        `Noen har bedt om å tilbakestille passordet til ${brand}-kontoen din. Åpne denne lenken for å velge et nytt passord:\n\n${link}\n\nLenken virker én gang, i ${minutes} minutter. Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten: passordet ditt forblir som det er.`,
    },
    registration: {
      subject: ({ brand }) => `Bekreft e-postadressen din hos ${brand}`,
      body: ({ brand, link, hours }) =>
        `Åpne denne lenken for å bekrefte e-postadressen din og fullføre opprettelsen av ${brand}-kontoen din:\n\n${link}\n\nLenken virker én gang, i ${hours} timer. Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten: ingen konto blir opprettet.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Det finnes allerede en ${brand}-konto med adressen din`,
      body: ({ brand }) =>
        `Noen prøvde å opprette en ny ${brand}-konto med denne e-postadressen, som allerede har en konto. Hvis det var deg, er det bare å logge inn; husker du ikke passordet, velg «Glemt passordet?» på innloggingssiden.\n\nHvis det ikke var deg, kan du se bort fra denne e-posten: ingenting er endret.`,
    },
  },
  sv: {
    passwordReset: {
      subject: ({ brand }) => `Återställ ditt lösenord hos ${brand}`,
      body: ({ brand, link, minutes }) =>
        `Någon har begärt att lösenordet för ditt ${brand}-konto ska återställas. Öppna länken för att välja ett nytt lösenord:\n\n${link}\n\nLänken fungerar en gång, i ${minutes} minuter. Om du inte har begärt detta kan du bortse från det här mejlet: ditt lösenord förblir detsamma.`,
    },
    registration: {
      subject: ({ brand }) => `Bekräfta din e-postadress hos ${brand}`,
      body: ({ brand, link, hours }) =>
        `Öppna länken för att bekräfta din e-postadress och slutföra ditt ${brand}-konto:\n\n${link}\n\nLänken fungerar en gång, i ${hours} timmar. Om du inte har begärt detta kan du bortse från det här mejlet: inget konto skapas.`,
    },
    registrationExists: {
      subject: ({ brand }) => `Det finns redan ett ${brand}-konto med din adress`,
      body: ({ brand }) =>
        `Någon försökte skapa ett nytt ${brand}-konto med den här e-postadressen, som redan har ett konto. Om det var du, logga bara in; minns du inte lösenordet, välj ”Glömt lösenordet?” på inloggningssidan.\n\nOm det inte var du kan du bortse från det här mejlet: ingenting har ändrats.`,
    },
  },
};

export type AccountRequestMailKind = keyof MailTexts;

/** One of the sign-in page's mails, in the storefront's language, under its brand. */
export function accountRequestMail(kind: AccountRequestMailKind, o: { to: string; locale: string; brand: string; link?: string; minutes?: number; hours?: number }): MailMessage {
  const texts = TEXTS[mailLocale(o.locale).language][kind];
  const values: Values = { brand: o.brand, link: o.link ?? '', minutes: o.minutes ?? 0, hours: o.hours ?? 0 };
  return { to: o.to, subject: texts.subject(values), text: texts.body(values) };
}
