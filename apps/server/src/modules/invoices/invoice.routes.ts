import {
  historicalInvoiceListSchema,
  historicalInvoicePdfParamsSchema,
  historicalInvoicesQuerySchema,
  idSchema,
  INVOICE_LINK_VALID_SECONDS,
  invoiceGroupFileParamsSchema,
  invoicePdfLinkSchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod/mini';
import { route } from '../../platform/api/route.js';
import { ownerLinkQuerySchema, sendCustomerFile } from '../../platform/http/send-file.js';
import type { InvoiceService } from './invoice.service.js';

/** Where the signed PDF links point, under the invoices service's base path (a public route). */
export const INVOICE_PDF_LINK_PATH = '/pdf-links';

const LINK = `A link that opens the PDF for ${INVOICE_LINK_VALID_SECONDS} seconds, for this customer only (decision 057). Another customer's invoice is a 404; a consumer is a 403.`;

/** The calls of account-area §7.4, in the authenticated scope. */
export const invoiceRoutes = (service: InvoiceService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: '/api/v1/InvoiceGroupFiles/me/:id',
      summary: 'A collective invoice as a PDF',
      description: LINK,
      params: invoiceGroupFileParamsSchema,
      response: { 200: invoicePdfLinkSchema },
    },
    ({ identity, params }) => service.groupLink(identity, params.id),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/v1/HistoricalInvoice/me',
      summary: "The customer's invoices, newest first, in pages of 10",
      description: 'A page past the last answers an empty list with the total; page 0, a negative or a non-number page is a 400. A consumer is a 403.',
      query: historicalInvoicesQuerySchema,
      response: { 200: historicalInvoiceListSchema },
    },
    ({ identity, query }) => service.list(identity, query.page),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/v1/HistoricalInvoice/me/pdf/:id/:channel',
      summary: "An order's invoice as a PDF, in its channel's brand, currency and language",
      description: `${LINK} The channel must be the invoice's own.`,
      params: historicalInvoicePdfParamsSchema,
      response: { 200: invoicePdfLinkSchema },
    },
    ({ identity, params }) => service.historicalLink(identity, params.id, params.channel),
  );
};

const linkParamsSchema = z.object({ kind: z.enum(['group', 'historical']), id: idSchema });

/** The PDF behind a signed link: public, as a browser opens it without a token; the signature is the check. */
export const invoicePdfLinkRoutes = (service: InvoiceService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: `${INVOICE_PDF_LINK_PATH}/:kind/:id`,
      summary: 'Opens an invoice PDF from the link the PDF calls answer',
      description: 'A forged, expired or unknown link is a 403 and serves nothing.',
      params: linkParamsSchema,
      query: ownerLinkQuerySchema,
      response: { 200: z.string() },
      produces: 'application/pdf',
    },
    async ({ params, query, reply }) => {
      const pdf = await service.openLink(params.kind, params.id, query);
      return sendCustomerFile(reply, { type: 'application/pdf', fileName: pdf.fileName, body: pdf.bytes, disposition: 'inline' });
    },
  );
};
