import type { Locale } from './locales.js';
import type { PrintSize } from './prints.js';

/**
 * The articles the storefronts sell, as the merchandise service names them (spec §3, Channel Articles with
 * a Title per locale; decisions 090 and 112). Orders, projects and invoices keep the article's name (e.g.
 * PAP_910), an internal code no customer is shown: every screen and document names the article in the
 * language of the storefront it is read on, and the English title stands in where a language has none.
 * This is the catalogue's one copy: the server's merchandise catalogue (GraphQL) serves it, and the web reads
 * titles from there rather than from here.
 */
export const PRODUCT_KINDS = ['prints', 'photobook', 'calendar', 'wallDecor', 'cards', 'gift'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const TITLE_LANGUAGES = ['en', 'nl', 'de', 'fr', 'es', 'it', 'da', 'pt', 'nb', 'sv'] as const;
export type TitleLanguage = (typeof TITLE_LANGUAGES)[number];
export type Titles = Record<TitleLanguage, string>;

/** A choice the article is made with (spec §3 extras: paper, cover type, frames, glossy, extra pages …). */
export interface ArticleOptionKind {
  /** The kind's stable id, e.g. coverType. */
  id: string;
  titles: Titles;
  options: readonly { id: string; titles: Titles }[];
}

export interface Article {
  kind: ProductKind;
  titles: Titles;
  /** The printed page in millimetres (width × height as the article is seen), where the article has one that is known. */
  page?: { width: number; height: number };
  /** Only the choices the article is really made with; none where the order carries no choice. */
  options?: readonly ArticleOptionKind[];
}

const prints = (size: string, width: number, height: number): Article => ({
  kind: 'prints',
  page: { width, height },
  titles: {
    en: `Photo prints ${size}`,
    nl: `Fotoafdrukken ${size}`,
    de: `Fotoabzüge ${size}`,
    fr: `Tirages photo ${size}`,
    es: `Copias fotográficas ${size}`,
    it: `Stampe fotografiche ${size}`,
    da: `Fotoaftryk ${size}`,
    pt: `Impressões fotográficas ${size}`,
    nb: `Fotokopier ${size}`,
    sv: `Fotokopior ${size}`,
  },
});

// The calls are marked pure so that a bundle that takes PRINT_ARTICLES or PRODUCT_KINDS from here leaves the titles out.
export const ARTICLES = {
  PAP_913: /* @__PURE__ */ prints('9x13', 90, 130),
  PAP_910: /* @__PURE__ */ prints('10x15', 100, 150),
  PAP_1318: /* @__PURE__ */ prints('13x18', 130, 180),
  PAP_1520: /* @__PURE__ */ prints('15x20', 150, 200),
  PAP_2030: /* @__PURE__ */ prints('20x30', 200, 300),
  PHB_A4L: {
    kind: 'photobook',
    page: { width: 297, height: 210 },
    options: [
      {
        id: 'coverType',
        titles: { en: 'Cover type', nl: 'Omslag', de: 'Einband', fr: 'Type de couverture', es: 'Tipo de tapa', it: 'Tipo di copertina', da: 'Omslagstype', pt: 'Tipo de capa', nb: 'Omslagstype', sv: 'Omslagstyp' },
        options: [
          {
            id: 'hardcover',
            titles: { en: 'Hardcover', nl: 'Hardcover', de: 'Hardcover', fr: 'Couverture rigide', es: 'Tapa dura', it: 'Copertina rigida', da: 'Hårdt omslag', pt: 'Capa dura', nb: 'Innbundet', sv: 'Hårda pärmar' },
          },
        ],
      },
    ],
    titles: {
      en: 'Photo book A4 landscape, hardcover',
      nl: 'Fotoboek A4 liggend, hardcover',
      de: 'Fotobuch A4 quer, Hardcover',
      fr: 'Livre photo A4 paysage, couverture rigide',
      es: 'Fotolibro A4 horizontal, tapa dura',
      it: 'Fotolibro A4 orizzontale, copertina rigida',
      da: 'Fotobog A4 liggende, hårdt omslag',
      pt: 'Fotolivro A4 horizontal, capa dura',
      nb: 'Fotobok A4 liggende, innbundet',
      sv: 'Fotobok A4 liggande, hårda pärmar',
    },
  },
  CAL_A3: {
    kind: 'calendar',
    page: { width: 297, height: 420 },
    titles: {
      en: 'Wall calendar A3',
      nl: 'Wandkalender A3',
      de: 'Wandkalender A3',
      fr: 'Calendrier mural A3',
      es: 'Calendario de pared A3',
      it: 'Calendario da parete A3',
      da: 'Vægkalender A3',
      pt: 'Calendário de parede A3',
      nb: 'Veggkalender A3',
      sv: 'Väggkalender A3',
    },
  },
  CAN_6040: {
    kind: 'wallDecor',
    page: { width: 600, height: 400 },
    titles: {
      en: 'Canvas 60x40',
      nl: 'Canvas 60x40',
      de: 'Leinwand 60x40',
      fr: 'Toile 60x40',
      es: 'Lienzo 60x40',
      it: 'Tela 60x40',
      da: 'Lærred 60x40',
      pt: 'Tela 60x40',
      nb: 'Lerret 60x40',
      sv: 'Canvastavla 60x40',
    },
  },
  CRD_10: {
    kind: 'cards',
    titles: {
      en: 'Greeting cards, pack of 10',
      nl: 'Wenskaarten, set van 10',
      de: 'Grußkarten, 10er-Set',
      fr: 'Cartes de vœux, lot de 10',
      es: 'Tarjetas de felicitación, paquete de 10',
      it: 'Biglietti di auguri, confezione da 10',
      da: 'Lykønskningskort, pakke med 10',
      pt: 'Cartões de felicitações, pacote de 10',
      nb: 'Hilsningskort, pakke med 10',
      sv: 'Gratulationskort, förpackning med 10',
    },
  },
  MUG_STD: {
    kind: 'gift',
    titles: {
      en: 'Photo mug',
      nl: 'Fotomok',
      de: 'Fototasse',
      fr: 'Mug photo',
      es: 'Taza con foto',
      it: 'Tazza con foto',
      da: 'Fotokrus',
      pt: 'Caneca com foto',
      nb: 'Fotokrus',
      sv: 'Fotomugg',
    },
  },
} as const satisfies Record<string, Article>;
export type ArticleName = keyof typeof ARTICLES;

export const findArticle = (articleName: string): Article | undefined =>
  Object.hasOwn(ARTICLES, articleName) ? ARTICLES[articleName as ArticleName] : undefined;

/** The language part of a locale as the catalogue keys it (nb-NO → nb); English for anything else. */
export const titleLanguage = (locale: Locale | string): TitleLanguage => {
  const language = locale.slice(0, 2).toLowerCase();
  return (TITLE_LANGUAGES as readonly string[]).includes(language) ? (language as TitleLanguage) : 'en';
};

/**
 * What a customer reading in `locale` calls the article: its title in their language, else `fallback` (the
 * title the order or project was saved with, for an article the catalogue does not know).
 */
export const articleTitle = (articleName: string, locale: Locale | string, fallback: string): string =>
  findArticle(articleName)?.titles[titleLanguage(locale)] ?? fallback;

/** The article the embedded prints editor orders for each size. */
export const PRINT_ARTICLES: Record<PrintSize, ArticleName> = {
  '9x13': 'PAP_913',
  '10x15': 'PAP_910',
  '13x18': 'PAP_1318',
  '15x20': 'PAP_1520',
  '20x30': 'PAP_2030',
};
