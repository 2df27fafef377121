import { articleKind, articleTitle, RESNAP_SOURCE, type OrderProduct, type ProductKind, type SuperOrder } from '@shoebox/contracts';

/** A product's name in the page's language (the catalogue's), else the title it was ordered under. */
export const productName = (product: Pick<OrderProduct, 'articleName' | 'title'>, language: string): string =>
  articleTitle(product.articleName, language, product.title);

/** What the order's drawing shows when it has no photo: its first product's kind. */
export const orderKind = (order: Pick<SuperOrder, 'products'>): ProductKind | undefined => {
  const first = order.products[0];
  return first ? articleKind(first.articleName) : undefined;
};

/**
 * Where the order came from (spec §2.4: Resnap or the product it was made in), named for the customer: a
 * reorder, or the product's name; never the article code.
 */
export const sourceName = (source: string, language: string, reorder: string): string =>
  source === RESNAP_SOURCE ? reorder : articleTitle(source, language, source);
