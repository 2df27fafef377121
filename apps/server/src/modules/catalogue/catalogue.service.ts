import { ARTICLES, CHANNELS, findChannel, textProblem, titleLanguage, type Article, type Channel, type ProductKind, type TitleLanguage } from '@shoebox/contracts';

/** One storefront as the catalogue's schema names it (spec §3 Channel); titles in one language. */
export interface CatalogueChannel {
  id: string;
  vendor: { id: string; locale: string };
  shopUrl: string;
  currency: string;
  articles: CatalogueArticle[];
}

export interface CatalogueArticle {
  id: string;
  articleType: ProductKind;
  title: string;
  pageWidth: number | null;
  pageHeight: number | null;
  visible: boolean;
  links: { rel: string; url: string }[];
  options: { id: string; title: string; options: { id: string; title: string }[] }[];
}

/** A locale as a client may name one (en, de-AT, nb-NO, zh-Hant-TW): letters and digits in hyphened parts. */
const LOCALE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

/** Why a locale argument is refused, or undefined: it is shown back in the GraphQL error. */
export function localeProblem(locale: string): string | undefined {
  if (textProblem(locale)) return 'locale must not contain control characters';
  if (!LOCALE_PATTERN.test(locale)) return 'locale must be a language tag such as en-GB or de-AT';
  return undefined;
}

const articleIn = (id: string, article: Article, language: TitleLanguage): CatalogueArticle => ({
  id,
  articleType: article.kind,
  title: article.titles[language],
  pageWidth: article.page?.width ?? null,
  pageHeight: article.page?.height ?? null,
  // Every article the catalogue holds is sold on every storefront; a hidden one would be left out of the data.
  visible: true,
  // The retailer gives no article pages of its own yet: the list is there for when it does.
  links: [],
  options: (article.options ?? []).map((kind) => ({
    id: kind.id,
    title: kind.titles[language],
    options: kind.options.map((option) => ({ id: option.id, title: option.titles[language] })),
  })),
});

const channelIn = (channel: Channel, locale: string): CatalogueChannel => {
  const language = titleLanguage(locale);
  return {
    id: channel.code,
    vendor: { id: channel.vendorId, locale: channel.locale },
    shopUrl: `https://${channel.host}`,
    currency: channel.currency,
    articles: Object.entries(ARTICLES).map(([id, article]) => articleIn(id, article, language)),
  };
};

/** The storefronts and what they sell, from the contracts' one copy of the articles (decision 112). */
export const catalogueService = () => ({
  /** Every storefront, its titles in its own language. */
  channels: (): CatalogueChannel[] => CHANNELS.map((channel) => channelIn(channel, channel.locale)),
  /** One storefront by its code (the host name, or the Swedish storefront's alternate name), titles in `locale`'s language (English where the catalogue has none); null for no such storefront. */
  channel: (code: string, locale?: string | null): CatalogueChannel | null => {
    // findChannel takes a host too (and strips a port): the catalogue answers only to the code itself.
    const channel = findChannel(code);
    return channel && channel.code === code.toLowerCase() ? channelIn(channel, locale ?? channel.locale) : null;
  },
});
export type CatalogueService = ReturnType<typeof catalogueService>;
