import { RESNAP_SOURCE, type OrderProduct, type ProductKind, type SuperOrder } from '@shoebox/contracts';
import type { Catalogue } from '../../../api/storefront/get-catalogue';

/** A product's name in the page's language (the catalogue's), else the title it was ordered under. */
export const productName = (catalogue: Catalogue, product: Pick<OrderProduct, 'articleName' | 'title'>): string => catalogue.title(product.articleName, product.title);

/** What the order's drawing shows when it has no photo: its first product's kind. */
export const orderKind = (catalogue: Catalogue, order: Pick<SuperOrder, 'products'>): ProductKind | undefined => {
  const first = order.products[0];
  return first ? catalogue.kind(first.articleName) : undefined;
};

/**
 * Where the order came from (spec §2.4: Resnap or the product it was made in), named for the customer: a
 * reorder, or the product's name, else the title its product was ordered under; never the article code, so
 * nothing when the order holds no product to name it by.
 */
export const sourceName = (catalogue: Catalogue, order: Pick<SuperOrder, 'source' | 'products'>, reorder: string): string | undefined => {
  if (order.source === RESNAP_SOURCE) return reorder;
  const stored = (order.products.find((p) => p.articleName === order.source) ?? order.products[0])?.title;
  return stored === undefined ? catalogue.title(order.source, '') || undefined : catalogue.title(order.source, stored);
};
