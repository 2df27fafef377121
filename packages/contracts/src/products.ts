import { z } from 'zod/mini';
import { PRINT_ARTICLES } from './articles.js';
import type { PrintSize } from './prints.js';
import { subOrderSchema } from './order-lookups.js';
import { idSchema, queryInt } from './text.js';

/** What a product's file is for (spec §3 Product): its print file, made from the customer's photos when ordered. */
export const PRODUCT_FILE_PURPOSES = ['product.pdf'] as const;
export type ProductFilePurpose = (typeof PRODUCT_FILE_PURPOSES)[number];
/** A file is being made (pending), can be opened (ready), or could not be made (failed). */
export const PRODUCT_FILE_STATES = ['pending', 'ready', 'failed'] as const;
export type ProductFileState = (typeof PRODUCT_FILE_STATES)[number];
/** Why a file failed: the product's photos were all deleted before it was made, or it could not be made. */
export const PRODUCT_FILE_FAILURES = ['photos_missing', 'too_large', 'file_failed'] as const;

/** A print's paper in millimetres (short side, long side), as its size is named in centimetres (decision 113). */
export const PRINT_SIZE_MM: Record<PrintSize, readonly [number, number]> = {
  '9x13': [90, 130],
  '10x15': [100, 150],
  '13x18': [130, 180],
  '15x20': [150, 200],
  '20x30': [200, 300],
};
/** The print size an article is, for the prints' articles; undefined for any other. */
export const printSizeOfArticle = (articleName: string): PrintSize | undefined =>
  (Object.keys(PRINT_ARTICLES) as PrintSize[]).find((size) => PRINT_ARTICLES[size] === articleName);

/** The PDFs of GET {orders}/v1/Pdfs/me, newest first, in pages of this many. */
export const PDFS_PAGE_SIZE = 20;
export const PDFS_MAX_PAGE = 10_000;

const timestamp = z.iso.datetime({ offset: true });

/** GET {orders}/v1/Products/{id}: the product's code (as GET /v1/Orders/{id} takes it). */
export const productParamsSchema = z.object({ id: idSchema });
/**
 * The spec's options (§7.7). `extendResponseCommand` has one value, none: the product is answered as it is.
 * `extendResponseWithUrls=false` leaves out the files' links (their state stays): the web's order details poll the
 * state and ask for a link when it is clicked (GET /v1/pdf/me/{id}). Any other value is a 400 (decision 114).
 */
export const productQuerySchema = z.object({
  extendResponseCommand: z.optional(z.enum(['none'])),
  extendResponseWithUrls: z._default(z.enum(['true', 'false']), 'true'),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** A product's file; `url` and `expiresAt` only when it is ready and links were asked for (a link like an invoice's, decision 114). */
export const productFileSchema = z.object({
  id: idSchema,
  purpose: z.enum(PRODUCT_FILE_PURPOSES),
  state: z.enum(PRODUCT_FILE_STATES),
  /** Pages of a ready print file: one per photo. */
  pages: z.nullable(z.int().check(z.minimum(0))),
  url: z.optional(z.url()),
  expiresAt: z.optional(timestamp),
});
export type ProductFile = z.infer<typeof productFileSchema>;

/** The product as GET /v1/Orders/{id} answers it, with its files (none for a product that prints no photo of the customer's). */
export const productSchema = z.extend(subOrderSchema, { files: z.array(productFileSchema).check(z.maxLength(PRODUCT_FILE_PURPOSES.length)) });
export type Product = z.infer<typeof productSchema>;

/** GET {orders}/v1/Pdfs/me: pages from 1 (decision 114). */
export const pdfsQuerySchema = z.object({ page: queryInt(1, PDFS_MAX_PAGE, 1) });
export type PdfsQuery = z.infer<typeof pdfsQuerySchema>;

/** One of the customer's PDFs: the print file of one of their products. */
export const customerPdfSchema = z.object({
  id: idSchema,
  purpose: z.enum(PRODUCT_FILE_PURPOSES),
  state: z.enum(PRODUCT_FILE_STATES),
  productCode: z.string(),
  orderCode: z.string(),
  title: z.string(),
  articleName: z.string(),
  pages: z.nullable(z.int().check(z.minimum(0))),
  createdAt: timestamp,
});
export type CustomerPdf = z.infer<typeof customerPdfSchema>;

export const customerPdfListSchema = z.object({
  pdfs: z.array(customerPdfSchema).check(z.maxLength(PDFS_PAGE_SIZE)),
  total: z.int().check(z.minimum(0)),
});
export type CustomerPdfList = z.infer<typeof customerPdfListSchema>;

/** GET {orders}/v1/pdf/me/{id} */
export const pdfParamsSchema = z.object({ id: idSchema });
/** Its answer: a link that opens the PDF for SIGNED_FILE_LINK_VALID_SECONDS, as an invoice's (decision 114). */
export const pdfLinkSchema = z.object({ url: z.url(), expiresAt: timestamp });
export type PdfLink = z.infer<typeof pdfLinkSchema>;
/** The code of GET /v1/pdf/me/{id}'s 409: the file is not ready (pending or failed); `params.state` says which. */
export const PDF_NOT_READY_ERROR = 'pdf_not_ready';
