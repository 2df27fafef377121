import { CHANNELS, INVOICE_MAX_LINES, LOCALES, type Channel } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceTotals, type InvoiceLine } from './invoice-amounts.js';
import { INVOICE_PDF_TEXTS } from './invoice-pdf-texts.js';
import { INVOICE_PDF_ROWS_PER_TURN, renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.js';
import { pdfText, pdfTextRuns } from './pdf-text.js';

const channel = (code: string) => CHANNELS.find((c) => c.code === code) as Channel;
const lines = (n: number): InvoiceLine[] =>
  Array.from({ length: n }, (_, i) => ({ description: `Photo prints 10x15 cm, batch ${i + 1}`, quantity: (i % 7) + 1, unitPrice: 1999 + i, vatRate: i % 3 === 0 ? 900 : 2100 }));
const invoice = (o: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  invoiceNumber: 'INV-TEST-0042',
  issuedAt: '2026-10-05T10:00:00.000Z',
  orderCode: 'B2B-TEST-042',
  channel: channel('www.printhaven.nl'),
  customer: { company: 'Bakker Events BV', vat: 'NL123456789B01', name: 'Nora Bakker', email: 'nora@example.com' },
  lines: lines(3),
  ...o,
});
/** An amount as the channel's locale writes it, with the spaces the PDF's fonts have. */
const money = (c: Channel, minor: number) => new Intl.NumberFormat(c.locale, { style: 'currency', currency: c.currency }).format(minor / 100).replace(/[\u2009\u202f]/g, '\u00a0');
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('an invoice PDF', () => {
  it('is a PDF with the brand, the customer, every line, the VAT per rate and the exact total in the channel’s currency and language', async () => {
    const doc = invoice();
    const pdf = await renderInvoicePdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const totals = invoiceTotals(doc.lines);
    for (const expected of ['Printhaven', 'Factuur', 'INV-TEST-0042', 'B2B-TEST-042', 'Bakker Events BV', 'Nora Bakker', 'NL123456789B01', 'Photo prints 10x15 cm, batch 3', 'Totaal incl. btw']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(money(doc.channel, totals.totalInclVat));
    expect(text).toContain(money(doc.channel, totals.totalExclVat));
    for (const rate of totals.vatByRate) expect(text).toContain(money(doc.channel, rate.vat));
    expect(text).toMatch(/5 oktober 2026/);
  });

  it('speaks every locale of the channels, with their currencies', async () => {
    for (const locale of LOCALES) {
      const c = CHANNELS.find((ch) => ch.locale === locale) as Channel;
      const doc = invoice({ channel: c });
      const text = pdfText(await renderInvoicePdf(doc));
      expect(text, locale).toContain(INVOICE_PDF_TEXTS[locale].totalInclVat);
      expect(text, locale).toContain(money(c, invoiceTotals(doc.lines).totalInclVat));
    }
  });

  it('carries the brand of an Albumly channel and a collective invoice’s title', async () => {
    const text = pdfText(await renderInvoicePdf(invoice({ kind: 'collective', orderCode: null, channel: channel('www.albumly.de') })));
    expect(text).toContain('Albumly');
    expect(text).toContain('Sammelrechnung');
    expect(text).not.toContain('Printhaven');
  });

  it('gives a long description the lines it needs, and the next row starts below it: no two rows print over one another', async () => {
    const long = 'Photo book A4 landscape, hardcover, 40 pages, premium matte paper with lay-flat binding and a personalised cover';
    const doc = invoice({ kind: 'collective', orderCode: null, lines: [...lines(2), { description: long, quantity: 1, unitPrice: 4999, vatRate: 900 }, ...lines(40)] });
    const runs = pdfTextRuns(await renderInvoicePdf(doc));
    const description = runs.filter((r) => Math.abs(r.x - 50) < 1);
    // Every word of it is printed, over more than one line.
    const printed = description.map((r) => r.text).join(' ');
    for (const word of long.split(' ')) expect(printed).toContain(word.replace(/,$/, ''));
    // Lines of the description column on one page are at least a line of 9 pt apart.
    for (const page of new Set(description.map((r) => r.page))) {
      const ys = description.filter((r) => r.page === page).map((r) => r.y).sort((a, b) => b - a);
      for (let i = 1; i < ys.length; i++) expect(ys[i - 1]! - ys[i]!, `page ${page}`).toBeGreaterThanOrEqual(9);
    }
  });

  it('runs onto numbered pages for a long invoice, and lets other work run while it is made', async () => {
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const pdf = await renderInvoicePdf(invoice({ lines: lines(INVOICE_MAX_LINES) }));
    clearInterval(tick);
    const pages = pagesOf(pdf);
    expect(pages).toBeGreaterThan(3);
    const text = pdfText(pdf);
    expect(text).toContain(`Pagina ${pages} van ${pages}`);
    expect(text).toContain(`batch ${INVOICE_MAX_LINES}`);
    // At least one timer ran between each stretch of rows: no stretch held the event loop.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(INVOICE_MAX_LINES / INVOICE_PDF_ROWS_PER_TURN) - 1);
  });

  it('refuses more lines than one PDF may carry', async () => {
    await expect(renderInvoicePdf(invoice({ lines: lines(INVOICE_MAX_LINES + 1) }))).rejects.toThrow(`at most ${INVOICE_MAX_LINES} lines`);
  });
});
