import { CHANNELS, conventionalStorefrontRoutes, type PublicConfiguration } from '@shoebox/contracts';
import { notFound } from '../../platform/http/errors.js';

const LABELS: Record<string, { products: string; help: string; privacy: string }> = {
  en: { products: 'Products', help: 'Help', privacy: 'Privacy' },
  nl: { products: 'Producten', help: 'Klantenservice', privacy: 'Privacy' },
  de: { products: 'Produkte', help: 'Hilfe', privacy: 'Datenschutz' },
  fr: { products: 'Produits', help: 'Aide', privacy: 'Confidentialité' },
  es: { products: 'Productos', help: 'Ayuda', privacy: 'Privacidad' },
  it: { products: 'Prodotti', help: 'Assistenza', privacy: 'Privacy' },
  da: { products: 'Produkter', help: 'Hjælp', privacy: 'Privatliv' },
  pt: { products: 'Produtos', help: 'Ajuda', privacy: 'Privacidade' },
  nb: { products: 'Produkter', help: 'Hjelp', privacy: 'Personvern' },
  sv: { products: 'Produkter', help: 'Hjälp', privacy: 'Integritet' },
};

/** The storefront's menus and public page addresses per vendor, as the retailer's CMS would answer. */
export function publicConfigurationFor(vendorId: string): PublicConfiguration {
  const channel = CHANNELS.find((c) => c.vendorId === vendorId);
  if (!channel) throw notFound(`Unknown vendor ${vendorId}`);
  const labels = LABELS[channel.locale.slice(0, 2)] ?? (LABELS.en as (typeof LABELS)['en']);
  const routes = conventionalStorefrontRoutes(channel.host);
  return {
    vendorId,
    menus: {
      top: [{ label: labels.help, url: routes.customerCare }],
      main: [{ label: labels.products, url: routes.products }],
      footer: [
        { label: labels.help, url: routes.faq },
        { label: labels.privacy, url: routes.privacy },
      ],
    },
    routes,
  };
}
