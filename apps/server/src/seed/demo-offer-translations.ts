import { DEMO_VOUCHERS } from './demo-vouchers.js';

type Texts = { title: string; description: string };

/**
 * The demo offers in the storefronts' other languages, as the back office would have translated them
 * (decision 090). A language missing here is answered in English.
 */
export const DEMO_OFFER_TRANSLATIONS: Record<string, Record<string, Texts>> = {
  [DEMO_VOUCHERS.springPrints]: {
    de: { title: '25 % Rabatt auf Fotoabzüge', description: 'Jedes Format, jede Menge.' },
    nl: { title: '25% korting op fotoafdrukken', description: 'Elk formaat fotoafdruk, elk aantal.' },
    fr: { title: '25 % de remise sur les tirages photo', description: 'Tous les formats de tirage, en toute quantité.' },
    sv: { title: '25 % rabatt på fotokopior', description: 'Alla storlekar av fotokopior, valfritt antal.' },
    da: { title: '25 % rabat på fotoaftryk', description: 'Alle størrelser fotoaftryk, i alle antal.' },
    nb: { title: '25 % rabatt på fotokopier', description: 'Alle størrelser fotokopier, i alle antall.' },
  },
  [DEMO_VOUCHERS.printsBundle]: {
    de: { title: '100 Abzüge zum Preis von 80', description: 'Ein Fünftel Rabatt auf eine Bestellung ab 100 Fotoabzügen.' },
    nl: { title: '100 afdrukken voor de prijs van 80', description: 'Een vijfde korting op een bestelling van 100 fotoafdrukken of meer.' },
    fr: { title: '100 tirages pour le prix de 80', description: 'Un cinquième de remise sur une commande de 100 tirages photo ou plus.' },
    sv: { title: '100 kopior till priset av 80', description: 'En femtedel rabatt på en beställning av 100 fotokopior eller fler.' },
    da: { title: '100 aftryk til prisen for 80', description: 'En femtedel i rabat på en ordre på 100 fotoaftryk eller flere.' },
    nb: { title: '100 kopier til prisen av 80', description: 'En femtedel i rabatt på en bestilling av 100 fotokopier eller flere.' },
  },
  [DEMO_VOUCHERS.photoBooks]: {
    de: { title: '20 % Rabatt auf Fotobücher', description: 'Jedes Fotobuch, jedes Format.' },
    nl: { title: '20% korting op fotoboeken', description: 'Elk fotoboek, elk formaat.' },
    fr: { title: '20 % de remise sur les livres photo', description: 'Tous les livres photo, tous les formats.' },
    sv: { title: '20 % rabatt på fotoböcker', description: 'Alla fotoböcker, alla storlekar.' },
    da: { title: '20 % rabat på fotobøger', description: 'Alle fotobøger, alle størrelser.' },
    nb: { title: '20 % rabatt på fotobøker', description: 'Alle fotobøker, alle størrelser.' },
  },
  [DEMO_VOUCHERS.welcome]: {
    de: { title: '5 £ Rabatt auf Ihre erste Bestellung', description: 'Einmal pro Kunde, ab einem Bestellwert von 15 £.' },
    nl: { title: '£ 5 korting op je eerste bestelling', description: 'Eenmaal per klant, bij een bestelling vanaf £ 15.' },
    fr: { title: '5 £ de remise sur votre première commande', description: 'Une fois par client, dès 15 £ de commande.' },
    sv: { title: '5 £ rabatt på din första beställning', description: 'En gång per kund, vid en beställning på minst 15 £.' },
    da: { title: '5 £ rabat på din første ordre', description: 'Én gang pr. kunde, ved en ordre på mindst 15 £.' },
    nb: { title: '5 £ rabatt på din første bestilling', description: 'Én gang per kunde, ved en bestilling på minst 15 £.' },
  },
  [DEMO_VOUCHERS.freeDelivery]: {
    de: { title: 'Kostenlose Lieferung nach Hause', description: 'Die Versandkosten, bei Bestellungen ab 25 £.' },
    nl: { title: 'Gratis thuisbezorging', description: 'De bezorgkosten, bij bestellingen vanaf £ 25.' },
    fr: { title: 'Livraison à domicile offerte', description: 'Les frais de livraison, dès 25 £ de commande.' },
    sv: { title: 'Fri hemleverans', description: 'Fraktkostnaden, vid beställningar på minst 25 £.' },
    da: { title: 'Gratis levering til døren', description: 'Leveringsprisen, ved ordrer på mindst 25 £.' },
    nb: { title: 'Gratis hjemlevering', description: 'Fraktkostnaden, ved bestillinger på minst 25 £.' },
  },
  [DEMO_VOUCHERS.expired]: {
    de: { title: '20 % Rabatt auf Leinwände und Kalender', description: 'Endete mit dem letzten Sommer.' },
    nl: { title: '20% korting op canvassen en kalenders', description: 'Afgelopen met de vorige zomer.' },
    fr: { title: '20 % de remise sur les toiles et calendriers', description: 'Terminé avec l’été dernier.' },
    sv: { title: '20 % rabatt på canvastavlor och kalendrar', description: 'Tog slut med förra sommaren.' },
    da: { title: '20 % rabat på lærreder og kalendere', description: 'Sluttede med sidste sommer.' },
    nb: { title: '20 % rabatt på lerreter og kalendere', description: 'Avsluttet med forrige sommer.' },
  },
};
