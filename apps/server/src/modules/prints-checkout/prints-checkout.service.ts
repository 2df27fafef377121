import {
  articleTitle,
  findChannel,
  isPrintSize,
  PRINT_SIZES,
  printsBySize,
  type PlacePrintsOrder,
  type PrintCurrency,
  type PrintSize,
  type SuperOrder,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { badRequest } from '../../platform/http/errors.js';
import type { VoucherOutcome, VoucherTrial } from '../campaigns/campaign.service.js';
import type { PlaceOrderInput, PlaceOrderProduct } from '../orders/order.service.js';

export interface PrintsCheckoutDeps {
  /** The photo ids of one of the customer's temporary selections; a 404 when it is not theirs or has expired. */
  selectionPhotos: (customerId: string, tempSelectionId: string) => Promise<readonly string[]>;
  /** The names and sizes of those of the ids that are the customer's photos, in the order asked for. */
  photoFiles: (customerId: string, photoIds: string[]) => Promise<{ photoId: string; fileName: string; bytes: number }[]>;
  /** Places the order once per requestId: the same id again answers the order it already made. */
  placeOrder: (customer: Identity, input: PlaceOrderInput) => Promise<SuperOrder>;
  /** What a campaign's voucher takes off each product, or why it takes nothing (the campaigns module). */
  tryVoucher: (trial: VoucherTrial) => Promise<VoucherOutcome>;
}

type Issue = { path: string; message: string };

/**
 * The products of an order: one per size (the contracts' rule, the editor's too), each named in English, with the
 * photos it prints in the order's lines' order and each one's copies (what its print file is made of, decision 113).
 */
export function printsProducts(lines: readonly { photoId: string; size: PrintSize; quantity: number }[], productCode: string, currency: PrintCurrency): PlaceOrderProduct[] {
  return printsBySize(lines, currency).map(({ size, articleName, quantity, priceAmount, lines: ofSize }) => ({
    title: articleTitle(articleName, 'en', `Photo prints ${size}`),
    articleName,
    productType: productCode,
    quantity,
    priceAmount,
    photos: ofSize.map((line) => ({ photoId: line.photoId, copies: line.quantity })),
  }));
}

/**
 * The embedded prints editor's checkout (decision 060): checks the order against the customer's own
 * selection, prices it from the price list, and hands it to the orders service, which alone keeps orders.
 */
export function printsCheckoutService(deps: PrintsCheckoutDeps) {
  return {
    async place(identity: Identity, body: PlacePrintsOrder): Promise<SuperOrder> {
      // The selection first: a stranger's or an expired one is a 404 whatever else the request says.
      const inSelection = new Set(await deps.selectionPhotos(identity.customerId, body.tempSelectionId));
      const channel = findChannel(body.channel);
      const issues: Issue[] = [];
      if (!channel) issues.push({ path: 'channel', message: 'Unknown channel' });
      if (body.deliveryType === 'Home' && !body.deliveryAddress) issues.push({ path: 'deliveryAddress', message: 'Required for Home delivery' });
      const seen = new Set<string>();
      body.lines.forEach((line, i) => {
        if (!inSelection.has(line.photoId)) issues.push({ path: `lines.${i}.photoId`, message: 'Not in the selection' });
        if (!isPrintSize(line.size)) issues.push({ path: `lines.${i}.size`, message: `Not a print size; one of ${PRINT_SIZES.join(', ')}` });
        const key = `${line.photoId} ${line.size}`;
        if (seen.has(key)) issues.push({ path: `lines.${i}`, message: 'The same photo and size twice; give one line a larger quantity' });
        seen.add(key);
      });
      if (issues.length || !channel) throw badRequest('Invalid prints order', issues);

      const lines = body.lines.map((line) => ({ photoId: line.photoId, size: line.size as PrintSize, quantity: line.quantity }));
      const products = printsProducts(lines, body.productCode, channel.currency);
      if (body.voucherCode !== undefined) await applyVoucher(deps, body.voucherCode, products, channel.currency);
      // The photos it is made of, each once: the order's picture, and what a reorder prints again.
      const files = await deps.photoFiles(identity.customerId, [...new Set(body.lines.map((line) => line.photoId))]);
      return deps.placeOrder(identity, {
        requestId: body.requestId,
        channel: channel.code,
        source: body.productCode,
        deliveryType: body.deliveryType,
        deliveryAddress: body.deliveryType === 'Home' ? body.deliveryAddress : undefined,
        products,
        files: files.map(({ photoId, fileName, bytes }) => ({ photoId, fileName, bytes })),
      });
    },
  };
}
export type PrintsCheckoutService = ReturnType<typeof printsCheckoutService>;

/** Puts the voucher's share on each product, or refuses the order with a 400 saying why it does not apply. */
async function applyVoucher(deps: PrintsCheckoutDeps, code: string, products: PlaceOrderProduct[], currency: PrintCurrency): Promise<void> {
  const outcome = await deps.tryVoucher({ code, currency, products: products.map((p) => ({ articleName: p.articleName ?? p.title, price: p.priceAmount })) });
  if ('refused' in outcome) throw badRequest('The voucher does not apply to this order', [{ path: 'voucherCode', message: outcome.refused }]);
  const { offer, discounts } = outcome;
  products.forEach((product, i) => {
    // A product the offer is not for carries no voucher.
    if (discounts[i]) product.voucher = { code: offer.voucherOptionCode, title: offer.title, discountAmount: discounts[i] };
  });
}
