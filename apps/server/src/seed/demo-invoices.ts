import type { Db } from '../platform/db/database.js';
import type { InvoiceLine } from '../modules/invoices/invoice-amounts.js';
import { invoiceRepository } from '../modules/invoices/invoice.repository.js';
import { historicalInvoiceRow, invoiceGroupRow, type BilledTo } from '../modules/invoices/invoice.service.js';

const DAY = 86_400_000;

/** What the demo businesses buy: prices in minor units, excluding VAT. */
const PRODUCTS = {
  prints: { description: 'Photo prints 10x15 cm, matt', unitPrice: 19 },
  largePrints: { description: 'Photo prints 20x30 cm, glossy', unitPrice: 145 },
  book: { description: 'Photo book A4 landscape, hardcover, 40 pages', unitPrice: 3495 },
  canvas: { description: 'Canvas 60x40 cm', unitPrice: 4995 },
  calendar: { description: 'Wall calendar A3', unitPrice: 1995 },
  cards: { description: 'Folded cards A6 with envelopes', unitPrice: 125 },
  delivery: { description: 'Home delivery', unitPrice: 495 },
} as const;

/** The standard VAT rate of each demo channel's country, in basis points. */
const VAT_RATES: Record<string, number> = {
  'www.printhaven.co.uk': 2000,
  'www.printhaven.nl': 2100,
  'www.albumly.de': 1900,
};

interface DemoInvoice {
  channel: keyof typeof VAT_RATES;
  daysAgo: number;
  lines: [keyof typeof PRODUCTS, number][];
  /** The collective invoice (by its place in the account's list) it is part of. */
  group?: number;
}

interface DemoGroup {
  channel: keyof typeof VAT_RATES;
  daysAgo: number;
}

/** The business demo accounts' invoices: Nora has more than one page of them and a collective invoice, on two channels. */
const DEMO_INVOICES: Record<string, { groups: DemoGroup[]; invoices: DemoInvoice[] }> = {
  'nora@example.com': {
    groups: [{ channel: 'www.printhaven.co.uk', daysAgo: 31 }],
    invoices: [
      { channel: 'www.printhaven.co.uk', daysAgo: 3, lines: [['prints', 250], ['largePrints', 20], ['delivery', 1]] },
      { channel: 'www.printhaven.nl', daysAgo: 9, lines: [['book', 12], ['delivery', 1]] },
      { channel: 'www.printhaven.co.uk', daysAgo: 17, lines: [['cards', 150]] },
      { channel: 'www.printhaven.nl', daysAgo: 26, lines: [['canvas', 4], ['calendar', 25], ['delivery', 1]] },
      { channel: 'www.printhaven.co.uk', daysAgo: 36, lines: [['prints', 400], ['delivery', 1]], group: 0 },
      { channel: 'www.printhaven.co.uk', daysAgo: 44, lines: [['book', 6], ['cards', 60]], group: 0 },
      { channel: 'www.printhaven.co.uk', daysAgo: 52, lines: [['largePrints', 80], ['canvas', 2], ['delivery', 1]], group: 0 },
      { channel: 'www.printhaven.nl', daysAgo: 68, lines: [['calendar', 40]] },
      { channel: 'www.printhaven.co.uk', daysAgo: 83, lines: [['prints', 120], ['delivery', 1]] },
      { channel: 'www.printhaven.nl', daysAgo: 97, lines: [['book', 3], ['prints', 90], ['delivery', 1]] },
      { channel: 'www.printhaven.co.uk', daysAgo: 121, lines: [['canvas', 10]] },
      { channel: 'www.printhaven.co.uk', daysAgo: 150, lines: [['cards', 300], ['delivery', 1]] },
      { channel: 'www.printhaven.nl', daysAgo: 188, lines: [['largePrints', 45], ['calendar', 10]] },
      { channel: 'www.printhaven.co.uk', daysAgo: 240, lines: [['prints', 600], ['book', 2], ['delivery', 1]] },
    ],
  },
  'bram@example.com': {
    groups: [{ channel: 'www.albumly.de', daysAgo: 60 }],
    invoices: [
      { channel: 'www.albumly.de', daysAgo: 20, lines: [['book', 4], ['delivery', 1]] },
      { channel: 'www.albumly.de', daysAgo: 64, lines: [['canvas', 3], ['largePrints', 30]], group: 0 },
      { channel: 'www.albumly.de', daysAgo: 75, lines: [['calendar', 15], ['delivery', 1]], group: 0 },
      { channel: 'www.printhaven.co.uk', daysAgo: 130, lines: [['prints', 200]] },
    ],
  },
  'daan@example.com': {
    groups: [],
    invoices: [
      { channel: 'www.printhaven.co.uk', daysAgo: 12, lines: [['cards', 40], ['delivery', 1]] },
      { channel: 'www.printhaven.co.uk', daysAgo: 70, lines: [['prints', 80]] },
    ],
  },
};

const linesOf = (invoice: DemoInvoice): InvoiceLine[] =>
  invoice.lines.map(([product, quantity]) => ({ ...PRODUCTS[product], quantity, vatRate: VAT_RATES[invoice.channel] ?? 0 }));

/**
 * Gives the business demo accounts their invoices. Ids and numbers follow from the customer, so a
 * second run finds every one already there and adds nothing.
 */
export async function seedDemoInvoices(db: Db, now = Date.now()): Promise<void> {
  const repo = invoiceRepository(db);
  for (const [email, demo] of Object.entries(DEMO_INVOICES)) {
    const customer = await db
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'email', 'business_company', 'business_vat'])
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!customer) continue;
    const billedTo: BilledTo = { company: customer.business_company, vat: customer.business_vat, name: `${customer.first_name} ${customer.last_name}`, email: customer.email };
    const tag = customer.id.slice(0, 8).toUpperCase();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const rows = demo.invoices.map((invoice, i) =>
      historicalInvoiceRow({
        id: `${customer.id}-invoice-${i + 1}`,
        customerId: customer.id,
        invoiceNumber: `INV-${tag}-${String(demo.invoices.length - i).padStart(4, '0')}`,
        orderCode: `B2B-${tag}-${String(demo.invoices.length - i).padStart(3, '0')}`,
        channel: invoice.channel,
        issuedAt: at(invoice.daysAgo),
        billedTo,
        lines: linesOf(invoice),
        invoiceGroupId: invoice.group === undefined ? null : `${customer.id}-group-${invoice.group + 1}`,
      }),
    );
    for (const [g, group] of demo.groups.entries()) {
      const id = `${customer.id}-group-${g + 1}`;
      const members = rows.filter((r) => r.invoice_group_id === id);
      await repo.insertGroup(invoiceGroupRow({ id, customerId: customer.id, invoiceNumber: `CI-${tag}-${String(g + 1).padStart(3, '0')}`, channel: group.channel, issuedAt: at(group.daysAgo), billedTo }, members));
    }
    for (const row of rows) await repo.insertHistorical(row);
  }
}
