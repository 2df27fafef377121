import type { OrderProduct } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { productName } from '../lib/product-names';

/** What an order is, in a line: its first product's name in the page's language, and how many more it holds. */
export function ProductsSummary({ products, className }: { products: readonly OrderProduct[]; className?: string }) {
  const { t, i18n } = useTranslation('orders');
  const catalogue = useCatalogue(i18n.language);
  const [first, ...others] = products;
  if (!first) return null;
  const name = productName(catalogue, first);
  return <p className={className}>{others.length ? t('list.productAndMore', { product: name, count: others.length }) : name}</p>;
}
