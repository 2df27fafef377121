import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  PDF_NOT_READY_ERROR,
  PDFS_PAGE_SIZE,
  printSizeOfArticle,
  type CustomerPdfList,
  type PdfLink,
  type Product,
  type ProductFile,
  type ProductFilePurpose,
  type ProductFileState,
  type ProductQuery,
  type SubOrder,
} from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../platform/auth/access-token.js';
import type { OwnerLinkSigner } from '../../platform/auth/owner-link.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { startPeriodicPass, type PeriodicPass } from '../../platform/jobs/periodic-pass.js';
import type { ProductPlacement } from '../orders/order.service.js';
import { PRINT_FILE_JOB, printFileKey, printFilesPrefix, type PrintFilePayload } from './print-file-job.js';
import { PRINT_FILE, type ProductFileRepository, type ProductFileRow } from './product-file.repository.js';

/** The kind of the signed links to product files, beside invoices' (decision 114). */
const LINK_KIND = 'product-file';
/** How often files whose job may never have been stored are asked for again, and how far back orders are looked at. */
const RESUME_INTERVAL_MS = 60_000;
const RESUME_LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;
const RESUME_BATCH = 200;

export interface ProductServiceDeps {
  repo: ProductFileRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  signer: OwnerLinkSigner;
  /** Where the links point: this server's public address and the file-link path under the orders service. */
  linkBase: string;
  blobs: Pick<BlobStore, 'read' | 'deletePrefix'>;
  /** From the orders service: one of the customer's products by its code (another customer's or unknown: 404). */
  productOf(identity: Identity, code: string): Promise<SubOrder>;
  /** From the orders service: what each product of an order prints. */
  placementsOf(orderId: string): Promise<ProductPlacement[]>;
  now?: () => number;
}

export interface OpenedFile {
  body: Readable;
  bytes: number;
  fileName: string;
}

const pdfNotFound = () => notFound('PDF not found');
const notReady = (state: ProductFileState) => new AppError(409, PDF_NOT_READY_ERROR, state === 'pending' ? 'The PDF is being made; ask again in a moment' : 'The PDF could not be made', undefined, { state });

/**
 * Products' files (decisions 113, 114): the print file of each ordered product that prints the customer's photos,
 * asked for when the order is placed and made by a background job; shown with the product, listed as the customer's
 * PDFs, and opened through a minute-long link signed for its owner, as invoices are.
 */
export function productService(deps: ProductServiceDeps) {
  const { repo, jobs, signer } = deps;
  const now = deps.now ?? Date.now;

  const enqueue = (fileId: string) => jobs.enqueue<PrintFilePayload>(PRINT_FILE_JOB, fileId, { fileId });
  const link = (row: ProductFileRow): PdfLink => {
    const { query, expiresAt } = signer.sign(LINK_KIND, row.id, row.customer_id);
    return { url: `${deps.linkBase}/${encodeURIComponent(row.id)}?${query}`, expiresAt };
  };

  /** Records the print files an order's products need and asks for their jobs; a second call adds nothing. */
  async function filesForOrder(orderId: string): Promise<void> {
    const at = new Date(now()).toISOString();
    const placements = (await deps.placementsOf(orderId)).filter((p) => printSizeOfArticle(p.articleName));
    const rows = await repo.ensure(
      placements.map((p) => ({
        id: randomUUID(),
        product_code: p.productCode,
        purpose: PRINT_FILE,
        customer_id: p.customerId,
        state: 'pending',
        created_at: at,
        finished_at: null,
        bytes: null,
        pages: null,
        left_out: null,
        failure: null,
      })),
    );
    for (const row of rows) if (row.state === 'pending') await enqueue(row.id);
  }

  const fileOf = (row: ProductFileRow, withUrl: boolean): ProductFile => ({
    id: row.id,
    purpose: row.purpose as ProductFilePurpose,
    state: row.state as ProductFileState,
    pages: row.pages,
    ...(withUrl && row.state === 'ready' ? link(row) : {}),
  });

  /** Files pending for a minute (their job may never have been stored), and orders whose files were never asked for. */
  async function resume(): Promise<number> {
    const pending = await repo.pendingSince(new Date(now() - RESUME_INTERVAL_MS).toISOString(), RESUME_BATCH);
    for (const row of pending) await enqueue(row.id);
    const orders = await repo.ordersWithoutFiles(new Date(now() - RESUME_LOOKBACK_MS).toISOString(), RESUME_BATCH);
    for (const orderId of orders) await filesForOrder(orderId);
    return pending.length + orders.length;
  }

  return {
    filesForOrder,

    /** GET /v1/Products/{id}: one of the customer's products with its files. */
    async product(identity: Identity, code: string, query: ProductQuery): Promise<Product> {
      const product = await deps.productOf(identity, code);
      const files = (await repo.ofProduct(product.code)).filter((f) => f.customer_id === identity.customerId);
      const withUrls = query.extendResponseWithUrls === 'true';
      return { ...product, files: files.map((f) => fileOf(f, withUrls)) };
    },

    /** GET /v1/Pdfs/me: the customer's PDFs, newest first. */
    async pdfs(identity: Identity, page: number): Promise<CustomerPdfList> {
      const { rows, total } = await repo.page(identity.customerId, { offset: (page - 1) * PDFS_PAGE_SIZE, limit: PDFS_PAGE_SIZE });
      return {
        total,
        pdfs: rows.map((r) => ({
          id: r.id,
          purpose: r.purpose as ProductFilePurpose,
          state: r.state as ProductFileState,
          productCode: r.product_code,
          orderCode: r.order_code,
          title: r.title,
          articleName: r.article_name,
          pages: r.pages,
          createdAt: r.created_at,
        })),
      };
    },

    /** GET /v1/pdf/me/{id}: a link to one of the customer's ready PDFs; another's or an unknown one is a 404, one not ready a 409. */
    async pdfLink(identity: Identity, id: string): Promise<PdfLink> {
      const row = await repo.own(identity.customerId, id);
      if (!row) throw pdfNotFound();
      if (row.state !== 'ready') throw notReady(row.state as ProductFileState);
      return link(row);
    },

    /** The file behind a link, for the customer the link was signed for only, while it is valid. */
    async openLink(id: string, params: { e?: unknown; s?: unknown }): Promise<OpenedFile> {
      const row = await repo.find(id);
      // An unknown file answers as a bad link does, so links say nothing of which files exist.
      if (!row || row.state !== 'ready' || !signer.verify(LINK_KIND, id, row.customer_id, params)) throw forbidden('This link has expired or is not valid');
      return { body: await deps.blobs.read(printFileKey(row.customer_id, row.id)), bytes: Number(row.bytes), fileName: `${row.product_code}.pdf` };
    },

    resume,
    startResumePass: (log: FastifyBaseLogger): PeriodicPass<number> =>
      startPeriodicPass({ intervalMs: RESUME_INTERVAL_MS, log, failure: 'Resuming print files failed; retrying later', pass: resume, failed: () => 0 }),

    /** An account deletion: the rows, then the customer's folder (again after the rows, so a file a job wrote meanwhile goes too). */
    async deleteAllOf(customerId: string): Promise<void> {
      await repo.deleteAllOf(customerId);
      await deps.blobs.deletePrefix(printFilesPrefix(customerId));
    },
  };
}
export type ProductService = ReturnType<typeof productService>;
