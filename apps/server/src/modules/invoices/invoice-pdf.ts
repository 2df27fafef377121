import { setImmediate as nextTurn } from 'node:timers/promises';
import { BRAND_NAMES, INVOICE_MAX_LINES, type Channel } from '@shoebox/contracts';
import { invoiceTotals, lineAmount, type InvoiceLine } from './invoice-amounts.js';
import { fillIn, INVOICE_PDF_TEXTS } from './invoice-pdf-texts.js';

/** Everything one PDF shows; the caller has checked it is the caller's own invoice. */
export interface InvoiceDocument {
  kind: 'invoice' | 'collective';
  invoiceNumber: string;
  issuedAt: string;
  /** The order it invoices; a collective invoice names each order on its lines instead. */
  orderCode: string | null;
  channel: Channel;
  customer: { company: string | null; vat: string | null; name: string; email: string };
  lines: InvoiceLine[];
}

/** Each brand's colour on its invoices. */
const BRAND_COLOURS: Record<Channel['brand'], string> = { printhaven: '#0b5d7a', albumly: '#6b3fa0' };

/** Rows written between two turns of the event loop: a long invoice never holds it for more than a few milliseconds. */
export const INVOICE_PDF_ROWS_PER_TURN = 20;

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const ROW_HEIGHT = 16;
/** One line of 9 pt text as PDFKit sets it (its line gap included): what a wrapped description adds per line. */
const LINE_HEIGHT = 9 * 1.156;
const TEXT = '#1f2933';
const MUTED = '#52606d';
/** The table's columns: x, width and alignment (the description takes the room the numbers leave). */
const COLUMNS = {
  description: { x: 50, width: 225, align: 'left' },
  quantity: { x: 280, width: 40, align: 'right' },
  unitPrice: { x: 325, width: 80, align: 'right' },
  vatRate: { x: 410, width: 45, align: 'right' },
  amount: { x: 460, width: 85, align: 'right' },
} as const;

/**
 * The standard PDF fonts write Windows-1252 only: the narrow and thin spaces some locales group digits
 * with become ordinary no-break spaces, the minus sign a hyphen.
 */
const printable = (s: string) => s.replace(/[\u2009\u202f]/g, '\u00a0').replace(/\u2212/g, '-');

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  if (invoice.lines.length > INVOICE_MAX_LINES) throw new Error(`An invoice PDF has at most ${INVOICE_MAX_LINES} lines`);
  const { channel } = invoice;
  const texts = INVOICE_PDF_TEXTS[channel.locale];
  const brand = { name: BRAND_NAMES[channel.brand], colour: BRAND_COLOURS[channel.brand] };
  const money = new Intl.NumberFormat(channel.locale, { style: 'currency', currency: channel.currency });
  const percent = new Intl.NumberFormat(channel.locale, { style: 'percent', maximumFractionDigits: 2 });
  const amount = (minor: number) => printable(money.format(minor / 100));
  const rate = (basisPoints: number) => printable(percent.format(basisPoints / 10_000));
  const issued = new Date(invoice.issuedAt);
  const title = invoice.kind === 'collective' ? texts.collectiveInvoice : texts.invoice;

  // Loaded with the first invoice asked for, not with the server: it takes longer to load than the rest of a start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `${title} ${invoice.invoiceNumber}`, Author: brand.name, CreationDate: issued },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const cell = (value: string, column: keyof typeof COLUMNS, y: number) => {
    const c = COLUMNS[column];
    doc.text(printable(value), c.x, y, { width: c.width, align: c.align, lineBreak: false, ellipsis: true });
  };
  const tableHeader = (y: number) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    cell(texts.description, 'description', y);
    cell(texts.quantity, 'quantity', y);
    cell(texts.unitPrice, 'unitPrice', y);
    cell(texts.vatRate, 'vatRate', y);
    cell(texts.amount, 'amount', y);
    doc.moveTo(PAGE.margin, y + 13).lineTo(PAGE.width - PAGE.margin, y + 13).strokeColor('#cbd2d9').lineWidth(0.5).stroke();
    doc.font('Helvetica').fillColor(TEXT);
    return y + ROW_HEIGHT + 2;
  };

  // Letterhead: the retailer of the channel the order was placed on.
  doc.font('Helvetica-Bold').fontSize(22).fillColor(brand.colour).text(brand.name, PAGE.margin, PAGE.margin);
  const country = new Intl.DisplayNames([channel.locale], { type: 'region' }).of(channel.country) ?? channel.country;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(printable(`${channel.host} · ${country}`));

  doc.font('Helvetica-Bold').fontSize(16).fillColor(TEXT).text(title, PAGE.margin, 110);
  const meta: [string, string][] = [
    [texts.invoiceNumber, invoice.invoiceNumber],
    [texts.invoiceDate, new Intl.DateTimeFormat(channel.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(issued)],
    ...(invoice.orderCode ? [[texts.orderCode, invoice.orderCode] as [string, string]] : []),
  ];
  let y = 138;
  for (const [label, value] of meta) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, PAGE.margin, y, { width: 110 });
    doc.fillColor(TEXT).text(printable(value), PAGE.margin + 110, y, { width: 200 });
    y += 14;
  }

  const { customer } = invoice;
  const billed = [customer.company, customer.name, customer.email, customer.vat ? `${texts.vatNumber}: ${customer.vat}` : null].filter((l): l is string => Boolean(l));
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(texts.billedTo, 340, 138, { width: 205 });
  doc.font('Helvetica').fillColor(TEXT);
  billed.forEach((line, i) => doc.text(printable(line), 340, 152 + i * 13, { width: 205, lineBreak: false, ellipsis: true }));

  y = tableHeader(Math.max(y, 152 + billed.length * 13) + 24);
  const lastRow = PAGE.height - PAGE.margin - 30;
  for (const [i, line] of invoice.lines.entries()) {
    if (y > lastRow) {
      doc.addPage();
      y = tableHeader(PAGE.margin);
    }
    doc.fontSize(9);
    // A description wraps onto the lines it needs; the row is as tall as they are, so the next starts below it.
    const description = printable(line.description);
    const height = Math.max(ROW_HEIGHT, doc.heightOfString(description, { width: COLUMNS.description.width }) + ROW_HEIGHT - LINE_HEIGHT);
    if (y + height - ROW_HEIGHT > lastRow) {
      doc.addPage();
      y = tableHeader(PAGE.margin);
    }
    doc.text(description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    cell(String(line.quantity), 'quantity', y);
    cell(amount(line.unitPrice), 'unitPrice', y);
    cell(rate(line.vatRate), 'vatRate', y);
    cell(amount(lineAmount(line)), 'amount', y);
    y += height;
    if ((i + 1) % INVOICE_PDF_ROWS_PER_TURN === 0) await nextTurn();
  }

  const totals = invoiceTotals(invoice.lines);
  const totalRows: [string, number, boolean][] = [
    [texts.totalExclVat, totals.totalExclVat, false],
    ...totals.vatByRate.map((r): [string, number, boolean] => [fillIn(texts.vatAt, { rate: rate(r.vatRate) }), r.vat, false]),
    [texts.totalInclVat, totals.totalInclVat, true],
  ];
  if (y + 10 + totalRows.length * ROW_HEIGHT > lastRow + ROW_HEIGHT) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 10;
  doc.moveTo(300, y - 4).lineTo(PAGE.width - PAGE.margin, y - 4).strokeColor('#cbd2d9').lineWidth(0.5).stroke();
  for (const [label, value, strong] of totalRows) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 9).fillColor(TEXT);
    doc.text(printable(label), 300, y, { width: 150, lineBreak: false });
    doc.text(amount(value), 455, y, { width: 90, align: 'right', lineBreak: false });
    y += ROW_HEIGHT;
  }

  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    const footerY = PAGE.height - PAGE.margin + 10;
    // Writing below the bottom margin would start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(printable(`${brand.name} · ${channel.host}`), PAGE.margin, footerY, { width: 300, lineBreak: false });
    doc.text(fillIn(texts.page, { page: page - start + 1, pages: count }), 345, footerY, { width: 200, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
