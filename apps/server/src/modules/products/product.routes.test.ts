import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  apiErrorSchema,
  customerPdfListSchema,
  pdfLinkSchema,
  productSchema,
  SERVICE_BASE_PATHS,
  SIGNED_FILE_LINK_VALID_SECONDS,
  superOrderSchema,
  tempSelectionCreatedSchema,
  type PlacePrintsOrder,
  type Product,
} from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { OWNER_LINK_SECRET, ownerLinkSigner } from '../../platform/auth/owner-link.js';
import { getOrCreateSecret } from '../../platform/auth/secrets.js';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, relative, storePhotos, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { blobDirOf } from '../../test/test-server.js';
import { PRINTS_ORDERS_PATH } from '../prints-checkout/prints-checkout.routes.js';
import { PRINT_FILE_JOB, type PrintFilePayload } from './print-file-job.js';

const ORDERS = SERVICE_BASE_PATHS.orders;
const CHANNEL = 'www.printhaven.co.uk';
const HOME = { firstName: 'Emma', lastName: 'Stone', street: 'Baker Street', houseNumber: '221b', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: '+44 20 7946 0000' };
const MM = 72 / 25.4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a PDF reader needs of the file: well formed (header, cross-reference table where startxref says, end marker), its pages' sizes and notes. */
function readPdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const pages = [...text.matchAll(/\/Type \/Page\b[^s]/g)].length;
  const sizes = [...text.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const notes = [...text.matchAll(/\/Subtype \/Text[\s\S]*?\/Contents \(([^)]*)\)/g)].map((m) => m[1]);
  return { pages, sizes, notes };
}

describe.each(databases)("products' print files and the PDF services on $name", (kind) => {
  const server = useLibraryServer(kind);
  const get = (who: TestCustomer | undefined, url: string) => server().app.inject({ url, headers: who?.headers ?? {} });

  /** A customer who orders prints of their photos as the prints editor does: answers the order's products' codes. */
  async function orderPrints(images: Parameters<typeof storePhotos>[2], lines: (ids: string[]) => PlacePrintsOrder['lines']) {
    const who = await newCustomer(server(), { channel: CHANNEL });
    const photoIds = (await storePhotos(server(), who.id, images)).map((p) => p.photoId);
    const selection = await server().app.inject({ method: 'POST', url: `${PHOTOS_API}/temp-selections`, headers: who.headers, payload: { photoIds, channel: CHANNEL } });
    const { tempSelectionId } = tempSelectionCreatedSchema.parse(selection.json());
    const body: PlacePrintsOrder = { requestId: randomUUID(), tempSelectionId, productCode: 'PAP_910', channel: CHANNEL, lines: lines(photoIds), deliveryType: 'Home', deliveryAddress: HOME };
    const placed = await server().app.inject({ method: 'POST', url: `${ORDERS}${PRINTS_ORDERS_PATH}`, headers: who.headers, payload: body });
    expect(placed.statusCode, placed.body).toBe(201);
    return { who, photoIds, body, order: superOrderSchema.parse(placed.json()) };
  }

  const productOf = async (who: TestCustomer, code: string, query = '') => {
    const response = await get(who, `${ORDERS}/v1/Products/${code}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return productSchema.parse(response.json());
  };

  /** Waits until the product's print file has left pending. */
  async function settled(who: TestCustomer, code: string, query = ''): Promise<Product> {
    for (const started = Date.now(); Date.now() - started < 30_000; await sleep(50)) {
      const product = await productOf(who, code, query);
      if (product.files.every((f) => f.state !== 'pending')) return product;
    }
    throw new Error(`The print file of ${code} stayed pending`);
  }

  const filesIn = (customerId: string) => {
    const dir = path.join(blobDirOf(server()), 'product-files', customerId);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('makes each product of a prints order its print file: a page per photo at the print size, turned with the photo, the copies noted, served to the owner by a minute-long link', async () => {
    const { who, photoIds, order } = await orderPrints(
      // A landscape photo, and one stored landscape that its EXIF orientation turns upright.
      [{ width: 96, height: 64 }, { width: 96, height: 64, orientation: 6 }],
      ([wide, upright]) => [
        { photoId: wide!, size: '10x15', quantity: 3 },
        { photoId: upright!, size: '10x15', quantity: 99 },
        { photoId: upright!, size: '13x18', quantity: 1 },
      ],
    );
    expect(order.products.map((p) => [p.articleName, p.quantity])).toEqual([['PAP_910', 102], ['PAP_1318', 1]]);
    expect(photoIds).toHaveLength(2);

    const small = await settled(who, order.products[0]!.code);
    expect(small.files).toEqual([{ id: expect.any(String), purpose: 'product.pdf', state: 'ready', pages: 2, url: expect.any(String), expiresAt: expect.any(String) }]);
    expect(Date.parse(small.files[0]!.expiresAt!) - Date.now()).toBeLessThanOrEqual(SIGNED_FILE_LINK_VALID_SECONDS * 1000);
    const opened = await get(undefined, relative(small.files[0]!.url!));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    const pdf = readPdf(opened.rawPayload);
    expect(pdf.pages).toBe(2);
    // 10x15 cm: the landscape photo on a landscape page, the turned one on a portrait page.
    expect(pdf.sizes.map(([w, h]) => [Math.round(w / MM), Math.round(h / MM)])).toEqual([[150, 100], [100, 150]]);
    expect(pdf.notes).toEqual(['3 copies', '99 copies']);
    // 99 copies are one page: two pages at 300 dpi of a small photo stay small.
    expect(opened.rawPayload.length).toBeLessThan(2 * 1024 * 1024);

    const large = await settled(who, order.products[1]!.code);
    const largePdf = readPdf((await get(undefined, relative(large.files[0]!.url!))).rawPayload);
    expect(largePdf.sizes.map(([w, h]) => [Math.round(w / MM), Math.round(h / MM)])).toEqual([[130, 180]]);
    expect(largePdf.notes).toEqual(['1 copy']);

    // Without links, as the spec's call asks: the state only.
    expect((await productOf(who, order.products[0]!.code, '?extendResponseCommand=none&extendResponseWithUrls=false')).files).toEqual([{ id: small.files[0]!.id, purpose: 'product.pdf', state: 'ready', pages: 2 }]);
    expect((await get(who, `${ORDERS}/v1/Products/${order.products[0]!.code}?extendResponseCommand=all`)).statusCode).toBe(400);
  });

  it('keeps which photo each product prints, in the order’s order, with its copies; the same request id with the photos placed otherwise is a 409', async () => {
    const { who, photoIds, body, order } = await orderPrints([{ width: 64, height: 48 }, { width: 64, height: 48 }], ([a, b]) => [
      { photoId: b!, size: '10x15', quantity: 2 },
      { photoId: a!, size: '10x15', quantity: 5 },
    ]);
    const placed = await server().db.selectFrom('order_product_photos').select(['product_code', 'position', 'photo_id', 'copies']).where('product_code', '=', order.products[0]!.code).orderBy('position').execute();
    expect(placed).toEqual([
      { product_code: order.products[0]!.code, position: 0, photo_id: photoIds[1], copies: 2 },
      { product_code: order.products[0]!.code, position: 1, photo_id: photoIds[0], copies: 5 },
    ]);
    const swapped = { ...body, lines: [body.lines[1]!, body.lines[0]!] };
    const again = await server().app.inject({ method: 'POST', url: `${ORDERS}${PRINTS_ORDERS_PATH}`, headers: who.headers, payload: swapped });
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).error).toBe('request_id_in_use');
    const same = await server().app.inject({ method: 'POST', url: `${ORDERS}${PRINTS_ORDERS_PATH}`, headers: who.headers, payload: body });
    expect(superOrderSchema.parse(same.json()).orderCode).toBe(order.orderCode);
  });

  it('a retried or doubled job leaves one file, and a finished one is not made again', async () => {
    const { who, order } = await orderPrints([{ width: 64, height: 48 }], ([id]) => [{ photoId: id!, size: '9x13', quantity: 2 }]);
    const first = await settled(who, order.products[0]!.code);
    const fileId = first.files[0]!.id;
    const row = async () => server().db.selectFrom('product_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    const finishedAt = (await row()).finished_at;

    // A finished file's job run again (a duplicate of it) changes nothing.
    await server().jobs.enqueue<PrintFilePayload>(PRINT_FILE_JOB, randomUUID(), { fileId });
    await sleep(300);
    expect((await row()).finished_at).toBe(finishedAt);

    // As if the first run had been killed after writing the file and before recording it: two runs at once rewrite the one key.
    await server().db.updateTable('product_files').set({ state: 'pending', finished_at: null }).where('id', '=', fileId).execute();
    await Promise.all([1, 2].map(() => server().jobs.enqueue<PrintFilePayload>(PRINT_FILE_JOB, randomUUID(), { fileId })));
    const again = await settled(who, order.products[0]!.code);
    expect(again.files.map((f) => [f.id, f.state, f.pages])).toEqual([[fileId, 'ready', 1]]);
    expect(filesIn(who.id)).toEqual([`${fileId}.pdf`]);
    expect(await server().db.selectFrom('product_files').select('id').where('product_code', '=', order.products[0]!.code).execute()).toHaveLength(1);
  });

  it("lists the customer's own PDFs newest first and opens a link to one; another customer's product and PDF are a 404, a pending one a 409", async () => {
    const mine = await orderPrints([{ width: 64, height: 48 }], ([id]) => [{ photoId: id!, size: '10x15', quantity: 1 }]);
    const stranger = await orderPrints([{ width: 64, height: 48 }], ([id]) => [{ photoId: id!, size: '15x20', quantity: 1 }]);
    const product = await settled(mine.who, mine.order.products[0]!.code);
    await settled(stranger.who, stranger.order.products[0]!.code);
    const fileId = product.files[0]!.id;

    const list = customerPdfListSchema.parse((await get(mine.who, `${ORDERS}/v1/Pdfs/me`)).json());
    expect(list).toEqual({ total: 1, pdfs: [{ id: fileId, purpose: 'product.pdf', state: 'ready', productCode: mine.order.products[0]!.code, orderCode: mine.order.orderCode, title: mine.order.products[0]!.title, articleName: 'PAP_910', pages: 1, createdAt: expect.any(String) }] });
    expect(customerPdfListSchema.parse((await get(mine.who, `${ORDERS}/v1/Pdfs/me?page=2`)).json())).toEqual({ total: 1, pdfs: [] });
    expect((await get(mine.who, `${ORDERS}/v1/Pdfs/me?page=0`)).statusCode).toBe(400);

    const linked = await get(mine.who, `${ORDERS}/v1/pdf/me/${fileId}`);
    expect(linked.statusCode, linked.body).toBe(200);
    const opened = await get(undefined, relative(pdfLinkSchema.parse(linked.json()).url));
    expect(opened.statusCode).toBe(200);
    expect(readPdf(opened.rawPayload).pages).toBe(1);

    for (const url of [`${ORDERS}/v1/Products/${mine.order.products[0]!.code}`, `${ORDERS}/v1/pdf/me/${fileId}`, `${ORDERS}/v1/pdf/me/${randomUUID()}`]) {
      const refused = await get(stranger.who, url);
      expect(refused.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(refused.json()).error).toBe('not_found');
    }
    expect((await get(undefined, `${ORDERS}/v1/Pdfs/me`)).statusCode).toBe(401);

    await server().db.updateTable('product_files').set({ state: 'pending' }).where('id', '=', fileId).execute();
    const pending = await get(mine.who, `${ORDERS}/v1/pdf/me/${fileId}`);
    expect(pending.statusCode).toBe(409);
    expect(apiErrorSchema.parse(pending.json())).toMatchObject({ error: 'pdf_not_ready', params: { state: 'pending' } });
    expect((await productOf(mine.who, mine.order.products[0]!.code)).files).toEqual([{ id: fileId, purpose: 'product.pdf', state: 'pending', pages: 1 }]);
    await server().db.updateTable('product_files').set({ state: 'ready' }).where('id', '=', fileId).execute();
  });

  it('refuses an expired, altered or another customer’s link with a 403 that serves nothing', async () => {
    const { who, order } = await orderPrints([{ width: 64, height: 48 }], ([id]) => [{ photoId: id!, size: '10x15', quantity: 1 }]);
    const other = await newCustomer(server());
    const fileId = (await settled(who, order.products[0]!.code)).files[0]!.id;
    const secret = await getOrCreateSecret(server().db, OWNER_LINK_SECRET, () => 'unused');
    const at = (query: string) => `${ORDERS}/file-links/${fileId}?${query}`;
    const fresh = ownerLinkSigner(secret).sign('product-file', fileId, who.id).query;
    const expired = ownerLinkSigner(secret, () => Date.now() - (SIGNED_FILE_LINK_VALID_SECONDS + 1) * 1000).sign('product-file', fileId, who.id).query;
    const othersSignature = ownerLinkSigner(secret).sign('product-file', fileId, other.id).query;
    // An invoice's link for the same id: a link of one kind never opens another.
    const invoiceKind = ownerLinkSigner(secret).sign('historical', fileId, who.id).query;
    const altered = fresh.replace(/s=(.)/, (_, c: string) => `s=${c === 'A' ? 'B' : 'A'}`);

    expect((await get(undefined, at(fresh))).statusCode).toBe(200);
    for (const query of [expired, othersSignature, invoiceKind, altered, '', 'e=abc&s=x']) {
      const refused = await get(undefined, at(query));
      expect(refused.statusCode, query).toBe(403);
      expect(refused.headers['content-type']).not.toBe('application/pdf');
    }
    expect((await get(undefined, `${ORDERS}/file-links/${randomUUID()}?${fresh}`)).statusCode).toBe(403);
  });

  it('an order whose print files were never asked for (the process stopped after its commit) gets them from the pass that looks for them', async () => {
    const { who, order } = await orderPrints([{ width: 64, height: 48 }], ([id]) => [{ photoId: id!, size: '10x15', quantity: 4 }]);
    const code = order.products[0]!.code;
    const first = (await settled(who, code)).files[0]!.id;
    await server().db.deleteFrom('product_files').where('id', '=', first).execute();
    expect((await productOf(who, code)).files).toEqual([]);

    expect(await server().products.resume()).toBeGreaterThanOrEqual(1);
    const made = await settled(who, code);
    expect(made.files.map((f) => [f.state, f.pages])).toEqual([['ready', 1]]);
    expect(made.files[0]!.id).not.toBe(first);
  });

  it('a product that prints photos all deleted before its file is made fails as photos_missing, and says so', async () => {
    const { who, photoIds, order } = await orderPrints([{ width: 64, height: 48 }], ([id]) => [{ photoId: id!, size: '10x15', quantity: 1 }]);
    const code = order.products[0]!.code;
    const fileId = (await settled(who, code)).files[0]!.id;
    await server().db.deleteFrom('photos').where('id', 'in', photoIds).execute();
    await server().db.updateTable('product_files').set({ state: 'pending' }).where('id', '=', fileId).execute();
    await server().jobs.enqueue<PrintFilePayload>(PRINT_FILE_JOB, randomUUID(), { fileId });
    const failed = await settled(who, code);
    expect(failed.files.map((f) => [f.state, f.url])).toEqual([['failed', undefined]]);
    expect((await server().db.selectFrom('product_files').select('failure').where('id', '=', fileId).executeTakeFirstOrThrow()).failure).toBe('photos_missing');
  });
});
