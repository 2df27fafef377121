import {
  customerPdfListSchema,
  idSchema,
  pdfLinkSchema,
  pdfParamsSchema,
  pdfsQuerySchema,
  productParamsSchema,
  productQuerySchema,
  productSchema,
  SIGNED_FILE_LINK_VALID_SECONDS,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod/mini';
import { route } from '../../platform/api/route.js';
import { ownerLinkQuerySchema, sendCustomerFile } from '../../platform/http/send-file.js';
import type { ProductService } from './product.service.js';

/** Where the signed links to products' files point, under the orders service's base path (a public route). */
export const PRODUCT_FILE_LINK_PATH = '/file-links';

const LINK = `A link that opens the file for ${SIGNED_FILE_LINK_VALID_SECONDS} seconds, for this customer only, as an invoice's (decision 114).`;

/** The product and PDF calls of account-area §7.7, in the authenticated scope, under the orders service. */
export const productRoutes = (service: ProductService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: '/v1/Products/:id',
      summary: "One of the customer's products with its files",
      description: `The product by its code, as GET /v1/Orders/{id} answers it, with its files: the print file (product.pdf) of a product that prints the customer's photos, pending while it is made, then ready or failed. A ready file carries its url (${LINK}) unless extendResponseWithUrls=false. extendResponseCommand takes only none. Another customer's product is a 404.`,
      params: productParamsSchema,
      query: productQuerySchema,
      response: { 200: productSchema },
      refusals: { 404: "Another customer's product, or an unknown code" },
    },
    ({ identity, params, query }) => service.product(identity, params.id, query),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/v1/Pdfs/me',
      summary: "The customer's PDFs, newest first, in pages of 20",
      description: "The print files of the customer's ordered products, each with its order, product and state. A page past the last answers an empty list with the total.",
      query: pdfsQuerySchema,
      response: { 200: customerPdfListSchema },
    },
    ({ identity, query }) => service.pdfs(identity, query.page),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/v1/pdf/me/:id',
      summary: 'A link that opens one of the customer’s PDFs',
      description: LINK,
      params: pdfParamsSchema,
      response: { 200: pdfLinkSchema },
      refusals: { 404: "Another customer's PDF, or an unknown id", 409: 'pdf_not_ready: the PDF is still being made, or could not be made (params.state says which)' },
    },
    ({ identity, params }) => service.pdfLink(identity, params.id),
  );
};

const linkParamsSchema = z.object({ id: idSchema });

/** The file behind a signed link: public, as a browser opens it without a token; the signature is the check. */
export const productFileLinkRoutes = (service: ProductService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: `${PRODUCT_FILE_LINK_PATH}/:id`,
      summary: "Opens a product's file from the link GET /v1/pdf/me/{id} or GET /v1/Products/{id} answers",
      description: 'A forged, expired or unknown link is a 403 and serves nothing.',
      params: linkParamsSchema,
      query: ownerLinkQuerySchema,
      response: { 200: z.string() },
      produces: 'application/pdf',
      refusals: { 403: 'A forged, expired or unknown link' },
    },
    async ({ params, query, reply }) => {
      const file = await service.openLink(params.id, query);
      return sendCustomerFile(reply, { type: 'application/pdf', fileName: file.fileName, body: file.body, bytes: file.bytes, disposition: 'attachment' });
    },
  );
};
