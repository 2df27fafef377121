import {
  articleTitle,
  PRINT_ARTICLES,
  findChannel,
  isPrintSize,
  PRINT_SIZES,
  printLinePrice,
  type PlacePrintsOrder,
  type PrintCurrency,
  type PrintSize,
  type SuperOrder,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { badRequest } from '../../platform/http/errors.js';
import type { PlaceOrderInput, PlaceOrderProduct } from '../orders/order.service.js';

export interface PrintsCheckoutDeps {
  /** The photo ids of one of the customer's temporary selections; a 404 when it is not theirs or has expired. */
  selectionPhotos: (customerId: string, tempSelectionId: string) => Promise<readonly string[]>;
  /** The names and sizes of those of the ids that are the customer's photos, in the order asked for. */
  photoFiles: (customerId: string, photoIds: string[]) => Promise<{ photoId: string; fileName: string; bytes: number }[]>;
  /** Places the order once per requestId: the same id again answers the order it already made. */
  placeOrder: (customer: Identity, input: PlaceOrderInput) => Promise<SuperOrder>;
}

type Issue = { path: string; message: string };

/**
 * The products of an order: one per size, in the price list's order, each priced in the channel's currency, with
 * the photos it prints in the order's lines' order and each one's copies (what its print file is made of, decision 113).
 */
export function printsProducts(lines: readonly { photoId: string; size: PrintSize; quantity: number }[], productCode: string, currency: PrintCurrency): PlaceOrderProduct[] {
  const bySize = new Map<PrintSize, { photoId: string; copies: number }[]>();
  for (const line of lines) bySize.set(line.size, [...(bySize.get(line.size) ?? []), { photoId: line.photoId, copies: line.quantity }]);
  return PRINT_SIZES.filter((size) => bySize.has(size)).map((size) => {
    const photos = bySize.get(size) ?? [];
    const quantity = photos.reduce((sum, p) => sum + p.copies, 0);
    return {
      title: articleTitle(PRINT_ARTICLES[size], 'en', `Photo prints ${size}`),
      articleName: PRINT_ARTICLES[size],
      productType: productCode,
      quantity,
      priceAmount: printLinePrice({ size, quantity }, currency),
      photos,
    };
  });
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
      // The photos it is made of, each once: the order's picture, and what a reorder prints again.
      const files = await deps.photoFiles(identity.customerId, [...new Set(body.lines.map((line) => line.photoId))]);
      return deps.placeOrder(identity, {
        requestId: body.requestId,
        channel: channel.code,
        source: body.productCode,
        deliveryType: body.deliveryType,
        deliveryAddress: body.deliveryType === 'Home' ? body.deliveryAddress : undefined,
        products: printsProducts(lines, body.productCode, channel.currency),
        files: files.map(({ photoId, fileName, bytes }) => ({ photoId, fileName, bytes })),
      });
    },
  };
}
export type PrintsCheckoutService = ReturnType<typeof printsCheckoutService>;
