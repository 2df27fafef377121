import { PRODUCT_KINDS } from '@shoebox/contracts';

/**
 * The merchandise catalogue's schema (spec §3 Channel, §7.7), written first and served as it is written at
 * {catalogue}/schema.graphql. The resolvers are typed against catalogue.service.ts.
 */
export const CATALOGUE_SDL = `"""
The merchandise catalogue: the storefronts (channels) and the articles they sell, titled in a storefront's
language. Public: nothing in it is personal.
"""
type Query {
  "Every storefront, each with its articles titled in its own language."
  channels: [Channel!]!
  """
  One storefront by its channel code (e.g. www.printhaven.de), its articles titled in the language of \`locale\`
  (a language tag such as de-AT; English where the catalogue has no title in that language, the storefront's own
  language when no locale is given). Null when no storefront has that code.
  """
  channel(code: String!, locale: String): Channel
}

"A storefront: one brand in one country."
type Channel {
  "The channel code the services know the storefront by."
  id: ID!
  vendor: Vendor!
  "The storefront's address."
  shopUrl: String!
  "The currency its prices are in (ISO 4217)."
  currency: String!
  articles: [Article!]!
}

type Vendor {
  id: ID!
  "The storefront's language and country (BCP 47)."
  locale: String!
}

"What kind of product an article is."
enum ArticleType {
  ${PRODUCT_KINDS.join('\n  ')}
}

"Something the storefront sells."
type Article {
  "The article's name in orders and projects (e.g. PAP_910): an internal code, never shown to a customer."
  id: ID!
  articleType: ArticleType!
  "What the customer calls it, in the language asked for."
  title: String!
  "The printed page's height in millimetres; null where the article has no page or its size is not known."
  pageHeight: Int
  "The printed page's width in millimetres; null where the article has no page or its size is not known."
  pageWidth: Int
  "Whether the storefront shows it."
  visible: Boolean!
  "The storefront's pages about the article."
  links: [Link!]!
  "The choices the article is made with (paper, cover type, frames, glossy, extra pages …); only those an order carries."
  options: [OptionKind!]!
}

type Link {
  "What the page is to the article."
  rel: String!
  url: String!
}

"A kind of choice and its options."
type OptionKind {
  id: ID!
  title: String!
  options: [Option!]!
}

type Option {
  id: ID!
  title: String!
}
`;
