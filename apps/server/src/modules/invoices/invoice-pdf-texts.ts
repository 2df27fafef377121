import type { Locale } from '@shoebox/contracts';

/**
 * The PDF's labels in each locale (decision 057). A small table of its own rather than the web's
 * catalogue: the PDF must read the same when the web is served from elsewhere or not built at all.
 */
export interface InvoicePdfTexts {
  invoice: string;
  collectiveInvoice: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderCode: string;
  billedTo: string;
  vatNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  amount: string;
  totalExclVat: string;
  /** `{rate}` is the rate as a percentage. */
  vatAt: string;
  totalInclVat: string;
  /** `{page}` of `{pages}`. */
  page: string;
}

const en: InvoicePdfTexts = {
  invoice: 'Invoice',
  collectiveInvoice: 'Collective invoice',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  orderCode: 'Order',
  billedTo: 'Billed to',
  vatNumber: 'VAT number',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  vatRate: 'VAT',
  amount: 'Amount',
  totalExclVat: 'Total excl. VAT',
  vatAt: 'VAT {rate}',
  totalInclVat: 'Total incl. VAT',
  page: 'Page {page} of {pages}',
};

const nl: InvoicePdfTexts = {
  invoice: 'Factuur',
  collectiveInvoice: 'Verzamelfactuur',
  invoiceNumber: 'Factuurnummer',
  invoiceDate: 'Factuurdatum',
  orderCode: 'Bestelling',
  billedTo: 'Gefactureerd aan',
  vatNumber: 'Btw-nummer',
  description: 'Omschrijving',
  quantity: 'Aantal',
  unitPrice: 'Stukprijs',
  vatRate: 'Btw',
  amount: 'Bedrag',
  totalExclVat: 'Totaal excl. btw',
  vatAt: 'Btw {rate}',
  totalInclVat: 'Totaal incl. btw',
  page: 'Pagina {page} van {pages}',
};

const de: InvoicePdfTexts = {
  invoice: 'Rechnung',
  collectiveInvoice: 'Sammelrechnung',
  invoiceNumber: 'Rechnungsnummer',
  invoiceDate: 'Rechnungsdatum',
  orderCode: 'Bestellung',
  billedTo: 'Rechnungsempfänger',
  vatNumber: 'USt-IdNr.',
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  vatRate: 'MwSt.',
  amount: 'Betrag',
  totalExclVat: 'Summe netto',
  vatAt: 'MwSt. {rate}',
  totalInclVat: 'Summe brutto',
  page: 'Seite {page} von {pages}',
};

export const INVOICE_PDF_TEXTS: Record<Locale, InvoicePdfTexts> = {
  'en-GB': en,
  'nl-NL': nl,
  'nl-BE': nl,
  'de-DE': de,
  'de-AT': { ...de, vatRate: 'USt.', vatAt: 'USt. {rate}' },
  'fr-FR': {
    invoice: 'Facture',
    collectiveInvoice: 'Facture récapitulative',
    invoiceNumber: 'Numéro de facture',
    invoiceDate: 'Date de facture',
    orderCode: 'Commande',
    billedTo: 'Facturé à',
    vatNumber: 'Numéro de TVA',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    vatRate: 'TVA',
    amount: 'Montant',
    totalExclVat: 'Total HT',
    vatAt: 'TVA {rate}',
    totalInclVat: 'Total TTC',
    page: 'Page {page} sur {pages}',
  },
  'es-ES': {
    invoice: 'Factura',
    collectiveInvoice: 'Factura recapitulativa',
    invoiceNumber: 'Número de factura',
    invoiceDate: 'Fecha de factura',
    orderCode: 'Pedido',
    billedTo: 'Facturado a',
    vatNumber: 'NIF-IVA',
    description: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    vatRate: 'IVA',
    amount: 'Importe',
    totalExclVat: 'Total sin IVA',
    vatAt: 'IVA {rate}',
    totalInclVat: 'Total con IVA',
    page: 'Página {page} de {pages}',
  },
  'it-IT': {
    invoice: 'Fattura',
    collectiveInvoice: 'Fattura riepilogativa',
    invoiceNumber: 'Numero fattura',
    invoiceDate: 'Data fattura',
    orderCode: 'Ordine',
    billedTo: 'Intestata a',
    vatNumber: 'Partita IVA',
    description: 'Descrizione',
    quantity: 'Qtà',
    unitPrice: 'Prezzo unitario',
    vatRate: 'IVA',
    amount: 'Importo',
    totalExclVat: 'Totale IVA esclusa',
    vatAt: 'IVA {rate}',
    totalInclVat: 'Totale IVA inclusa',
    page: 'Pagina {page} di {pages}',
  },
  'da-DK': {
    invoice: 'Faktura',
    collectiveInvoice: 'Samlefaktura',
    invoiceNumber: 'Fakturanummer',
    invoiceDate: 'Fakturadato',
    orderCode: 'Ordre',
    billedTo: 'Faktureret til',
    vatNumber: 'CVR/momsnummer',
    description: 'Beskrivelse',
    quantity: 'Antal',
    unitPrice: 'Stykpris',
    vatRate: 'Moms',
    amount: 'Beløb',
    totalExclVat: 'I alt ekskl. moms',
    vatAt: 'Moms {rate}',
    totalInclVat: 'I alt inkl. moms',
    page: 'Side {page} af {pages}',
  },
  'pt-PT': {
    invoice: 'Fatura',
    collectiveInvoice: 'Fatura global',
    invoiceNumber: 'Número da fatura',
    invoiceDate: 'Data da fatura',
    orderCode: 'Encomenda',
    billedTo: 'Faturado a',
    vatNumber: 'NIF',
    description: 'Descrição',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    vatRate: 'IVA',
    amount: 'Valor',
    totalExclVat: 'Total sem IVA',
    vatAt: 'IVA {rate}',
    totalInclVat: 'Total com IVA',
    page: 'Página {page} de {pages}',
  },
  'nb-NO': {
    invoice: 'Faktura',
    collectiveInvoice: 'Samlefaktura',
    invoiceNumber: 'Fakturanummer',
    invoiceDate: 'Fakturadato',
    orderCode: 'Ordre',
    billedTo: 'Fakturert til',
    vatNumber: 'Org.nr. MVA',
    description: 'Beskrivelse',
    quantity: 'Antall',
    unitPrice: 'Enhetspris',
    vatRate: 'MVA',
    amount: 'Beløp',
    totalExclVat: 'Sum eks. MVA',
    vatAt: 'MVA {rate}',
    totalInclVat: 'Sum inkl. MVA',
    page: 'Side {page} av {pages}',
  },
  'sv-SE': {
    invoice: 'Faktura',
    collectiveInvoice: 'Samlingsfaktura',
    invoiceNumber: 'Fakturanummer',
    invoiceDate: 'Fakturadatum',
    orderCode: 'Order',
    billedTo: 'Fakturerad till',
    vatNumber: 'Momsregistreringsnummer',
    description: 'Beskrivning',
    quantity: 'Antal',
    unitPrice: 'Styckpris',
    vatRate: 'Moms',
    amount: 'Belopp',
    totalExclVat: 'Summa exkl. moms',
    vatAt: 'Moms {rate}',
    totalInclVat: 'Summa inkl. moms',
    page: 'Sida {page} av {pages}',
  },
};

export const fillIn = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
