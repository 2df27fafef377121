import { findChannel, type HistoricalInvoiceList, type InvoicePdfLink } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import type { OwnerLinkSigner } from '../../platform/auth/owner-link.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { invoiceLinesProblem, invoiceTotals, type InvoiceLine } from './invoice-amounts.js';
import { invoicePdfQueue } from './invoice-pdf-queue.js';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.js';
import type { HistoricalInvoiceRow, InvoiceGroupRow, InvoiceRepository } from './invoice.repository.js';

/** Whom an invoice is billed to, as it was when issued. */
export interface BilledTo {
  company: string | null;
  vat: string | null;
  name: string;
  email: string;
}

export interface InvoiceServiceDeps {
  repo: InvoiceRepository;
  signer: OwnerLinkSigner;
  /** Where the links point: this server's public address and the invoices service's path on it. */
  linkBase: string;
}

export interface InvoicePdf {
  bytes: Buffer;
  fileName: string;
}

export type InvoiceKind = 'group' | 'historical';

const invoiceNotFound = () => notFound('Invoice not found');
/** Consumers have no invoices: the account area does not offer them the screen, and the API says why (decision 057). */
const businessOnly = () => new AppError(403, 'business_only', 'Invoices are for business customers');
const linesOf = (row: HistoricalInvoiceRow) => JSON.parse(row.lines) as InvoiceLine[];
const billedToOf = (row: { billed_to: string }) => JSON.parse(row.billed_to) as BilledTo;

function channelOf(code: string) {
  const channel = findChannel(code);
  if (!channel) throw new Error(`Invoice issued on an unknown channel: ${code}`);
  return channel;
}

/** The row an issued invoice is kept as, its totals summed from its lines; lines no PDF could show are refused. */
export function historicalInvoiceRow(o: {
  id: string;
  customerId: string;
  invoiceNumber: string;
  orderCode: string;
  channel: string;
  issuedAt: string;
  billedTo: BilledTo;
  lines: InvoiceLine[];
  invoiceGroupId?: string | null;
}): HistoricalInvoiceRow {
  const problem = invoiceLinesProblem(o.lines);
  if (problem) throw new Error(problem);
  const totals = invoiceTotals(o.lines);
  return {
    id: o.id,
    customer_id: o.customerId,
    invoice_group_id: o.invoiceGroupId ?? null,
    invoice_number: o.invoiceNumber,
    order_code: o.orderCode,
    channel: o.channel,
    currency: channelOf(o.channel).currency,
    issued_at: o.issuedAt,
    billed_to: JSON.stringify(o.billedTo),
    lines: JSON.stringify(o.lines),
    total_excl_vat: totals.totalExclVat,
    vat: totals.vat,
    total_incl_vat: totals.totalInclVat,
  };
}

/** A collective invoice's lines: each line of each order it gathers, named with its order. */
export const collectiveLines = (members: HistoricalInvoiceRow[]): InvoiceLine[] =>
  members.flatMap((m) => linesOf(m).map((line) => ({ ...line, description: `${m.order_code}: ${line.description}` })));

/** The row a collective invoice is kept as; its orders must be the customer's, on its channel, and fit one PDF. */
export function invoiceGroupRow(o: { id: string; customerId: string; invoiceNumber: string; channel: string; issuedAt: string; billedTo: BilledTo }, members: HistoricalInvoiceRow[]): InvoiceGroupRow {
  channelOf(o.channel);
  if (members.some((m) => m.customer_id !== o.customerId || m.channel !== o.channel)) throw new Error('A collective invoice gathers one customer’s invoices of one channel');
  const problem = invoiceLinesProblem(collectiveLines(members));
  if (problem) throw new Error(problem);
  return { id: o.id, customer_id: o.customerId, invoice_number: o.invoiceNumber, channel: o.channel, issued_at: o.issuedAt, billed_to: JSON.stringify(o.billedTo) };
}

export function invoiceService({ repo, signer, linkBase }: InvoiceServiceDeps) {
  const queued = invoicePdfQueue();
  const requireBusiness = (identity: Identity) => {
    if (!identity.isBusiness) throw businessOnly();
  };
  const link = (kind: InvoiceKind, id: string, customerId: string): InvoicePdfLink => {
    const { query, expiresAt } = signer.sign(kind, id, customerId);
    return { url: `${linkBase}/${kind}/${encodeURIComponent(id)}?${query}`, expiresAt };
  };

  async function documentOf(kind: InvoiceKind, id: string): Promise<{ customerId: string; document: () => Promise<InvoiceDocument> } | undefined> {
    if (kind === 'historical') {
      const row = await repo.historical(id);
      if (!row) return undefined;
      return {
        customerId: row.customer_id,
        document: async () => ({
          kind: 'invoice',
          invoiceNumber: row.invoice_number,
          issuedAt: row.issued_at,
          orderCode: row.order_code,
          channel: channelOf(row.channel),
          customer: billedToOf(row),
          lines: linesOf(row),
        }),
      };
    }
    const row = await repo.group(id);
    if (!row) return undefined;
    return {
      customerId: row.customer_id,
      document: async () => ({
        kind: 'collective',
        invoiceNumber: row.invoice_number,
        issuedAt: row.issued_at,
        orderCode: null,
        channel: channelOf(row.channel),
        customer: billedToOf(row),
        lines: collectiveLines(await repo.groupMembers(row.id)),
      }),
    };
  }

  return {
    async list(identity: Identity, page: number): Promise<HistoricalInvoiceList> {
      requireBusiness(identity);
      const { rows, total } = await repo.historicalPage(identity.customerId, page);
      return {
        total,
        historicalInvoices: rows.map((row) => ({
          id: row.id,
          invoiceNumber: row.invoice_number,
          orderCode: row.order_code,
          channel: row.channel,
          issuedAt: row.issued_at,
          currency: row.currency,
          totalExclVat: row.total_excl_vat,
          vat: row.vat,
          totalInclVat: row.total_incl_vat,
          invoiceGroupId: row.invoice_group_id,
        })),
      };
    },

    /** Another customer's invoice and an unknown one are the same 404. */
    async groupLink(identity: Identity, id: string): Promise<InvoicePdfLink> {
      requireBusiness(identity);
      const row = await repo.group(id);
      if (row?.customer_id !== identity.customerId) throw invoiceNotFound();
      return link('group', row.id, row.customer_id);
    },

    /** The channel must be the one the invoice was issued on (its code or host); any other is a 404 too. */
    async historicalLink(identity: Identity, id: string, channel: string): Promise<InvoicePdfLink> {
      requireBusiness(identity);
      const row = await repo.historical(id);
      if (row?.customer_id !== identity.customerId || findChannel(channel)?.code !== row.channel) throw invoiceNotFound();
      return link('historical', row.id, row.customer_id);
    },

    /** The PDF behind a link: made afresh for each opening, a few at a time (invoicePdfQueue), for the customer the link was signed for only. */
    async openLink(kind: InvoiceKind, id: string, params: { e?: unknown; s?: unknown }): Promise<InvoicePdf> {
      const found = await documentOf(kind, id);
      // An unknown invoice answers as a bad link does, so links say nothing of which invoices exist.
      if (!found || !signer.verify(kind, id, found.customerId, params)) throw forbidden('This link has expired or is not valid');
      const document = await found.document();
      return { bytes: await queued(found.customerId, () => renderInvoicePdf(document)), fileName: `${document.invoiceNumber}.pdf` };
    },
  };
}
export type InvoiceService = ReturnType<typeof invoiceService>;
