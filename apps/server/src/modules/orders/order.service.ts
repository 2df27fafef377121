import { randomInt, randomUUID } from 'node:crypto';
import {
  ADDRESS_CHANGEABLE_STATUSES,
  ADDRESS_NOT_CHANGEABLE_ERROR,
  addressInputSchema,
  canMoveOrder,
  findChannel,
  FINISHED_ORDER_STATUSES,
  ORDER_HOLDUPS,
  orderStatusWordMove,
  undeliverableCountry,
  NOT_REORDERABLE_ERROR,
  STATUSES_WITHOUT_DELIVERY_DATES,
  ORDER_HISTORY_YEARS,
  type AccountOrderList,
  type Address,
  type AddressInput,
  type Customer,
  type AnonymousUploads,
  type DeliveryDates,
  type DeliveryType,
  type OrderProduct,
  type OrderHoldup,
  type OrderMove,
  type OrderStatus,
  type ParcelTracking,
  type Picture,
  type OrderStatusPushMessage,
  type OrderUploads,
  type ReorderStatus,
  type SubOrder,
  type SuperOrder,
  type SuperOrderList,
  type SuperOrdersQuery,
  type VoucherDetails,
} from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../platform/auth/access-token.js';
import { refuseIfBlocked } from '../customers/customer.service.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { ttlCache } from '../../platform/cache/ttl-cache.js';
import { AppError, badRequest, notFound, parseRequest } from '../../platform/http/errors.js';
import { collectionPointFor } from './pickup-points.js';
import { UNTRACKED, type DeliveryAddressColumns, type OrderFileRow, type OrderProductPhotoRow, type OrderProductRow, type OrderRepository, type OrderRow } from './order.repository.js';

const DAY_MS = 86_400_000;

/**
 * When an order arrives, in days after it was placed, by how it is delivered (decision 054): prints are
 * made within two working days and carried in one to three; a collection point receives them a day later.
 */
export const DELIVERY_WINDOW_DAYS: Record<DeliveryType, { earliest: number; latest: number }> = {
  Home: { earliest: 3, latest: 6 },
  PickupPoint: { earliest: 4, latest: 7 },
};

/**
 * Answers for an unchanged order history are served from memory (decision 054). Keys start with the customer
 * and carry the history's version, which every write to their orders moves on in its own transaction, so
 * no machine serves a stale answer and no customer another's. Bounded: the oldest entry goes first.
 */
export const ORDER_CACHE_TTL_MS = 10 * 60 * 1000;
/** A list page is up to ~90 KB (100 orders): at most ~45 MB of lists. */
export const ORDER_LISTS_CACHE_SIZE = 500;
/** One order is ~1 KB. */
export const ORDER_DETAILS_CACHE_SIZE = 10_000;

/** How often a move raced by other moves is decided again before the caller is asked to try again. */
const MOVE_ATTEMPTS = 3;

/** What a caller (the prints editor's checkout) places: prices in the channel currency's minor unit. */
export interface PlaceOrderInput {
  /** The caller's id for this placing: the same id again answers the same order and records nothing. */
  requestId: string;
  /** A channel code (contracts CHANNELS): gives the currency and the shop. */
  channel: string;
  /** 'Resnap' (RESNAP_SOURCE) for a reorder, otherwise the product the order was made in (e.g. PAP_910). */
  source: string;
  deliveryType: DeliveryType;
  /** Required for Home; for PickupPoint, who collects it (default: the customer's name at the channel's collection point). */
  deliveryAddress?: AddressInput | null;
  /** For PickupPoint: where it is collected (default: the channel's collection point). */
  pickupPoint?: { name: string; address: Address } | null;
  products: PlaceOrderProduct[];
  /** The files the order is made from, in order (an order's uploads). */
  files?: { fileName: string; bytes: number; photoId?: string | null }[];
}

export interface PlaceOrderProduct {
  title: string;
  productType: string;
  /** The article it is, as GET /orders/byAccount filters by; the title when not given. */
  articleName?: string;
  quantity: number;
  /** The line's price, every copy together, before its voucher. */
  priceAmount: number;
  voucher?: VoucherDetails | null;
  /** The customer's photos it prints, in order, each with its copies: what its print file is made of (decision 113). */
  photos?: { photoId: string; copies: number }[];
}

/** What one product prints, for the job that makes its print file. */
export interface ProductPlacement {
  productCode: string;
  customerId: string;
  articleName: string;
  photos: { photoId: string; copies: number }[];
}

export interface MovedOrder {
  order: SuperOrder;
  customerId: string;
}

export interface OrderServiceDeps {
  repo: OrderRepository;
  events: Pick<EventBus, 'publish'>;
  /**
   * The customer (a 404 when deleted or unknown): their storefront, whether they may place orders at all, and
   * their own name and phone for a PickupPoint order placed without a delivery address.
   */
  customerOf: (identity: Identity) => Promise<Pick<Customer, 'channel' | 'business' | 'firstName' | 'lastName' | 'phone'>>;
  /** Signed thumbnails of those of the ids that are the customer's photos (the photos module's). */
  picturesOf: (customerId: string, photoIds: readonly string[]) => Promise<Map<string, Picture>>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /**
   * Told of an order once it is recorded, and again when a placing is retried (which is how a placing stopped
   * between the two is finished): the products' files are asked for here (decision 113). A failure fails the call,
   * whose retry with the same request id asks again.
   */
  placed?: (orderId: string) => Promise<void>;
  now?: () => number;
}

export const orderNotFound = () => notFound('Order not found');
const illegalMove = (from: OrderStatus, to: OrderMove) =>
  new AppError(409, 'illegal_status_transition', `An order that is ${from} cannot be moved to ${to}`, undefined, { from, to });
const holdupOf = (row: OrderRow): OrderHoldup | null => ((ORDER_HOLDUPS as readonly string[]).includes(row.holdup ?? '') ? (row.holdup as OrderHoldup) : null);
const addressNotChangeable = () =>
  new AppError(409, ADDRESS_NOT_CHANGEABLE_ERROR, 'The delivery address of this order can no longer be changed: it is in production, on its way, cancelled, or collected at a pickup point');
const requestIdInUse = () => new AppError(409, 'request_id_in_use', 'This request id belongs to another order, or was sent before with other contents');
/**
 * Orders awaiting payment one customer may have at once (issue 26's probe placed 30 in 126 ms): more is a
 * 409 until one is paid or cancelled. Enough for a customer who orders for several occasions at once.
 */
export const MAX_UNPAID_ORDERS = 10;
const tooManyUnpaid = () =>
  new AppError(409, 'too_many_unpaid_orders', `You have ${MAX_UNPAID_ORDERS} orders awaiting payment: pay or cancel one before placing another`, undefined, { maxUnpaidOrders: MAX_UNPAID_ORDERS });

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ORDER_CODE_PREFIX: Record<string, string> = { printhaven: 'PH', albumly: 'AL' };
/** A code a customer can read out on the phone: the brand, then ten letters and digits without look-alikes. */
export const newOrderCode = (brand: string) => `${ORDER_CODE_PREFIX[brand] ?? 'SB'}${Array.from({ length: 10 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('')}`;
export const productCode = (orderCode: string, position: number) => `${orderCode}-${String(position + 1).padStart(2, '0')}`;

/** A move that changes the payment: paid on confirmation, refunded when a paid order is cancelled. */
const changesPayment = (from: OrderStatus, to: OrderStatus) => (from === 'Received' && to === 'Confirmed') || (from === 'Confirmed' && to === 'Cancelled');

export const addressOf = (row: OrderRow): Address => ({
  firstName: row.delivery_first_name,
  lastName: row.delivery_last_name,
  street: row.delivery_street,
  houseNumber: row.delivery_house_number,
  postalCode: row.delivery_postal_code,
  city: row.delivery_city,
  countryCode: row.delivery_country_code,
  phone: row.delivery_phone,
});

export const addressColumns = (a: Address): DeliveryAddressColumns => ({
  delivery_first_name: a.firstName,
  delivery_last_name: a.lastName,
  delivery_street: a.street,
  delivery_house_number: a.houseNumber,
  delivery_postal_code: a.postalCode,
  delivery_city: a.city,
  delivery_country_code: a.countryCode,
  delivery_phone: a.phone,
});

const addressChangeable = (row: Pick<OrderRow, 'status' | 'delivery_type'>) =>
  row.delivery_type === 'Home' && ADDRESS_CHANGEABLE_STATUSES.includes(row.status as OrderStatus);

export function toProduct(p: OrderProductRow): OrderProduct {
  return {
    code: p.code,
    title: p.title,
    articleName: p.article_name,
    productType: p.product_type,
    quantity: p.quantity,
    status: p.status as OrderStatus,
    createdAt: p.created_at,
    paymentChangedDate: p.payment_changed_at,
    voucher: p.voucher_code,
    voucherDetails: p.voucher_code ? { code: p.voucher_code, title: p.voucher_title ?? p.voucher_code, discountAmount: p.voucher_discount_amount ?? 0 } : null,
    priceAmount: p.price_amount,
  };
}

const trackingOf = (row: OrderRow): ParcelTracking | null =>
  row.tracking_carrier && row.tracking_number && row.tracking_url ? { carrier: row.tracking_carrier, trackingNumber: row.tracking_number, url: row.tracking_url } : null;

export function toSuperOrder(row: OrderRow, products: OrderProductRow[], picture: Picture | null = null): SuperOrder {
  return {
    orderCode: row.order_code,
    createdAt: row.created_at,
    status: row.status as OrderStatus,
    holdup: holdupOf(row),
    source: row.source,
    deliveryType: row.delivery_type,
    deliveryAddress: addressOf(row),
    pickupPoint: row.pickup_point ? (JSON.parse(row.pickup_point) as SuperOrder['pickupPoint']) : null,
    deliveryAddressChangeable: addressChangeable(row),
    channel: row.channel,
    currency: row.currency,
    totalAmount: row.total_amount,
    productCount: products.length,
    products: products.map(toProduct),
    picture,
    tracking: trackingOf(row),
  };
}

/**
 * What a placing asked for, as comparable text: a request id sent again with anything else (other prints, another
 * address or delivery) is not a retry of the order it made, and must not be answered as if it had been placed.
 */
const placingOf = (order: OrderRow, products: OrderProductRow[], files: OrderFileRow[], placements: OrderProductPhotoRow[]) =>
  JSON.stringify([
    [order.channel, order.source, order.delivery_type, order.pickup_point, ...Object.values(addressColumns(addressOf(order)))],
    products.map((p) => [p.title, p.product_type, p.article_name, p.quantity, p.price_amount, p.voucher_code, p.voucher_title, p.voucher_discount_amount]),
    files.map((f) => [f.file_name, f.bytes, f.photo_id]),
    // By the product's place in its order: the same placing again makes other codes.
    placements.map((p) => [p.product_code.slice(p.product_code.lastIndexOf('-')), p.position, p.photo_id, p.copies]),
  ]);

const filesByOrder = (rows: OrderFileRow[]) => {
  const files = new Map<string, OrderFileRow[]>();
  for (const f of rows) files.set(f.order_id, [...(files.get(f.order_id) ?? []), f]);
  return files;
};

export function orderService(deps: OrderServiceDeps) {
  const { repo, events, log } = deps;
  const now = deps.now ?? Date.now;

  // Kept as UTF-8 bytes: sending them costs no JSON work, nor encoding a 90 KB string on every answer.
  const listsCache = ttlCache<Buffer>(ORDER_LISTS_CACHE_SIZE, ORDER_CACHE_TTL_MS);
  const detailsCache = ttlCache<Buffer>(ORDER_DETAILS_CACHE_SIZE, ORDER_CACHE_TTL_MS);
  const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value));

  /**
   * Orders created before this are expired (ORDER_HISTORY_YEARS): the start of the UTC day that many years
   * ago, so an order expires on the day after its anniversary, and a kept list holds for the whole day.
   */
  const expiredBefore = () => {
    const cutoff = new Date(now());
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ORDER_HISTORY_YEARS);
    cutoff.setUTCHours(0, 0, 0, 0);
    return cutoff.toISOString();
  };

  /**
   * Each order's picture, by order id: the first of the customer's photos it was made from that is still in
   * their library. Kept answers carry its signed URL for ORDER_CACHE_TTL_MS, within the photos module's rule;
   * a photo deleted meanwhile fails to load and the page shows the product's drawing instead.
   */
  const picturesOf = async (customerId: string, orderIds: readonly string[]): Promise<Map<string, Picture>> => {
    const photoOf = await repo.firstPhotosOf(orderIds);
    if (!photoOf.size) return new Map();
    const pictures = await deps.picturesOf(customerId, [...photoOf.values()]);
    return new Map([...photoOf].flatMap(([orderId, photoId]) => (pictures.has(photoId) ? [[orderId, pictures.get(photoId)!] as const] : [])));
  };

  const withProducts = async (row: OrderRow) => {
    const [products, pictures] = await Promise.all([repo.productsOf([row.id]), picturesOf(row.customer_id, [row.id])]);
    return toSuperOrder(row, products, pictures.get(row.id) ?? null);
  };

  /**
   * One rule for where a storefront delivers (decision 078), the address book's: a Home delivery address
   * must be in one of its countries, for an order placed and for a delivery address changed alike.
   */
  const checkDeliveryCountry = (channelCode: string, address: { countryCode: string }, path: string) => {
    const problem = undeliverableCountry(channelCode, address.countryCode);
    if (problem) throw badRequest('Invalid delivery address', [{ path, message: problem }]);
  };

  const own = async (identity: Identity, code: string) => {
    const row = await repo.findByCode(code, identity.customerId);
    if (!row) throw orderNotFound();
    return row;
  };

  const ownAccount = (identity: Identity, accountId: string) => {
    // Another account's orders are not told apart from an account that does not exist.
    if (accountId !== identity.customerId) throw notFound('Account not found');
  };

  const reorderRefusal = (row: OrderRow): ReorderStatus['reason'] => {
    if (row.created_at < expiredBefore()) return 'expired';
    if (row.status === 'Cancelled') return 'cancelled';
    if (row.status !== 'Dispatched') return 'inProgress';
    return null;
  };

  /**
   * Orders' files with a thumbnail of each one's photo while it is still in the customer's library (a deleted
   * photo, or another customer's id, has none), all read in one call whatever the number of orders.
   */
  const uploadsOf = async (customerId: string, rows: OrderRow[], files: OrderFileRow[]): Promise<OrderUploads[]> => {
    const pictures = await deps.picturesOf(customerId, files.flatMap((f) => (f.photo_id === null ? [] : [f.photo_id])));
    const byOrder = filesByOrder(files);
    return rows.map((row) => ({
      orderCode: row.order_code,
      files: (byOrder.get(row.id) ?? []).map((f) => ({
        id: f.id,
        fileName: f.file_name,
        bytes: f.bytes,
        uploadedAt: f.uploaded_at,
        photoId: f.photo_id,
        picture: (f.photo_id !== null && pictures.get(f.photo_id)) || null,
      })),
    }));
  };

  /** A page of the customer's orders and their count, then all their products in one query (never one per order). */
  const list = async (customerId: string, query: SuperOrdersQuery, since: string | undefined): Promise<SuperOrderList> => {
    const { rows, total } = await repo.page(customerId, { offset: query.Offset, limit: query.Limit, since });
    const ids = rows.map((r) => r.id);
    const [products, pictures] = await Promise.all([repo.productsOf(ids), picturesOf(customerId, ids)]);
    const byOrder = new Map<string, OrderProductRow[]>();
    for (const p of products) byOrder.set(p.order_id, [...(byOrder.get(p.order_id) ?? []), p]);
    return { items: rows.map((r) => toSuperOrder(r, byOrder.get(r.id) ?? [], pictures.get(r.id) ?? null)), total };
  };

  return {
    /**
     * GET /v2/superorders/me as JSON bytes (SuperOrderList). The version is read before the orders: a write
     * committed in between leaves a newer answer under the older version, never the reverse.
     */
    async listJson(identity: Identity, query: SuperOrdersQuery): Promise<Buffer> {
      const { customerId } = identity;
      const version = await repo.historyVersion(customerId);
      const since = query.OrderState === 'notExpired' ? expiredBefore() : undefined;
      const key = [customerId, version, query.Offset, query.Limit, query.OrderState, since ?? ''].join('|');
      return listsCache.getOrLoad(key, async () => jsonBytes(await list(customerId, query, since)));
    },

    /** GET /v1/superorders/{code} as JSON bytes (SuperOrder); another customer's or an unknown code: 404, never kept. */
    async getJson(identity: Identity, code: string): Promise<Buffer> {
      const version = await repo.historyVersion(identity.customerId);
      return detailsCache.getOrLoad(`${identity.customerId}|${version}|${code}`, async () => jsonBytes(await withProducts(await own(identity, code))));
    },

    /**
     * PUT /v1/superorders/{code}/deliveryAddress: only for a Home delivery in ADDRESS_CHANGEABLE_STATUSES.
     * The check and the change are one conditional UPDATE; when it changes nothing, the order is read to
     * tell a stranger's or unknown order (404) from one that no longer allows it (409).
     */
    async changeDeliveryAddress(identity: Identity, code: string, input: AddressInput): Promise<SuperOrder> {
      // An order's storefront never changes: read first, it decides the countries the new address may be in.
      checkDeliveryCountry((await own(identity, code)).channel, input, 'countryCode');
      const changed = await repo.changeAddress(identity.customerId, code, addressColumns(input), {
        statuses: ADDRESS_CHANGEABLE_STATUSES,
        deliveryType: 'Home',
        at: new Date(now()).toISOString(),
      });
      if (changed) return withProducts(changed);
      await own(identity, code);
      throw addressNotChangeable();
    },

    /** GET /orders/byAccount/{accountId}: the account's products, newest first. */
    async byAccount(identity: Identity, accountId: string, query: { articleNames?: string; offset: number; limit: number }): Promise<AccountOrderList> {
      ownAccount(identity, accountId);
      const articleNames = query.articleNames
        ?.split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const { rows, total } = await repo.productsByAccount(identity.customerId, { articleNames, offset: query.offset, limit: query.limit });
      return {
        items: rows.map((r) => ({ id: r.code, orderCode: r.order_code, articleName: r.article_name, status: r.status as OrderStatus, createdAt: r.created_at })),
        total,
      };
    },

    /** GET /v1/Orders/{id}: one of the customer's products by its code. */
    async product(identity: Identity, id: string): Promise<SubOrder> {
      const row = await repo.findProduct(id, identity.customerId);
      if (!row) throw notFound('Order not found');
      return { ...toProduct(row), orderCode: row.order_code };
    },

    /** What one product prints, whoever's it is: for the job that makes its print file, never for a customer. */
    async placementOf(productCode: string): Promise<ProductPlacement | undefined> {
      const [product, placements] = await Promise.all([repo.productByCode(productCode), repo.placementsOfProduct(productCode)]);
      if (!product || !placements.length) return undefined;
      return { productCode, customerId: product.customer_id, articleName: product.article_name, photos: placements.map((x) => ({ photoId: x.photo_id, copies: x.copies })) };
    },

    /** What each of an order's products prints, for those that print any of the customer's photos (decision 113). */
    async placementsOf(orderId: string): Promise<ProductPlacement[]> {
      const [products, placements] = await Promise.all([repo.productsOf([orderId]), repo.placementsOf([orderId])]);
      return products.flatMap((p) => {
        const photos = placements.filter((x) => x.product_code === p.code).map((x) => ({ photoId: x.photo_id, copies: x.copies }));
        return photos.length ? [{ productCode: p.code, customerId: p.customer_id, articleName: p.article_name, photos }] : [];
      });
    },

    /**
     * GET /OrderDeliveryDates/{id}: DELIVERY_WINDOW_DAYS after the order was placed, never a day already
     * past. None (404) once it is dispatched or cancelled: the carrier's dates, or none, apply then.
     */
    async deliveryDates(identity: Identity, code: string): Promise<DeliveryDates> {
      const row = await own(identity, code);
      if (STATUSES_WITHOUT_DELIVERY_DATES.includes(row.status as OrderStatus)) throw notFound('No delivery dates for this order');
      const window = DELIVERY_WINDOW_DAYS[row.delivery_type];
      const placed = Date.parse(row.created_at);
      const earliest = Math.max(placed + window.earliest * DAY_MS, now() + DAY_MS);
      const latest = Math.max(placed + window.latest * DAY_MS, earliest + (window.latest - window.earliest) * DAY_MS);
      return { orderCode: row.order_code, earliest: new Date(earliest).toISOString(), latest: new Date(latest).toISOString() };
    },

    async reorderStatus(identity: Identity, code: string): Promise<ReorderStatus> {
      const reason = reorderRefusal(await own(identity, code));
      return { orderCode: code, reorderable: reason === null, reason };
    },

    /** POST /reorder/direct?OrderCode: where the customer continues the reorder, on the order's own shop. */
    async reorder(identity: Identity, code: string): Promise<{ ShopUrl: string }> {
      const row = await own(identity, code);
      const reason = reorderRefusal(row);
      if (reason) throw new AppError(409, NOT_REORDERABLE_ERROR, 'This order cannot be reordered', undefined, { reason });
      const channel = findChannel(row.channel);
      if (!channel) throw new AppError(500, 'internal', `Order ${code} is of an unknown channel`);
      return { ShopUrl: `https://${channel.host}/reorder?orderCode=${encodeURIComponent(row.order_code)}` };
    },

    /** GET /uploads/{id}?accountId: the files one of the account's orders was made from. */
    async uploads(identity: Identity, code: string, accountId: string): Promise<OrderUploads> {
      ownAccount(identity, accountId);
      const row = await own(identity, code);
      const [uploads] = await uploadsOf(identity.customerId, [row], await repo.filesOf([row.id]));
      return uploads!;
    },

    /** POST /getanonymousuploads: the same for several orders; codes that are not the caller's are left out. */
    async anonymousUploads(identity: Identity, codes: string[]): Promise<AnonymousUploads> {
      const rows = await repo.findManyByCode([...new Set(codes)], identity.customerId);
      return { items: await uploadsOf(identity.customerId, rows, await repo.filesOf(rows.map((r) => r.id))) };
    },

    /**
     * Places an order for the customer: the super order, its products and files in one transaction.
     * Idempotent by `input.requestId`: the same id again answers the order it made (a stranger's id, or the same
     * id with other contents: 409). A customer deleted, or never known: 404, nothing recorded.
     * Status Received (awaiting payment); the total is the products' prices less their vouchers.
     */
    async place(customer: Identity, input: PlaceOrderInput): Promise<SuperOrder> {
      const channel = findChannel(input.channel);
      if (!channel || channel.code !== input.channel) throw badRequest('Unknown channel', [{ path: 'channel', message: 'Unknown channel' }]);
      // A customer orders on their own storefront (decision 078): its prices, its currency, its countries.
      const me = await deps.customerOf(customer);
      refuseIfBlocked(me);
      if (findChannel(me.channel)?.code !== channel.code) throw badRequest("Not the customer's storefront", [{ path: 'channel', message: "Orders are placed on the customer's own storefront" }]);
      if (!input.products.length) throw badRequest('An order needs at least one product', [{ path: 'products', message: 'Too small' }]);
      input.products.forEach((p, i) => {
        if (!Number.isInteger(p.quantity) || p.quantity < 1) throw badRequest('Invalid quantity', [{ path: `products.${i}.quantity`, message: 'Too small' }]);
        if (!Number.isInteger(p.priceAmount) || p.priceAmount < 0) throw badRequest('Invalid price', [{ path: `products.${i}.priceAmount`, message: 'Too small' }]);
      });
      const given = input.deliveryAddress ? parseRequest(addressInputSchema, input.deliveryAddress, 'delivery address') : null;
      let deliveryAddress: Address;
      let pickupPoint: { name: string; address: Address } | null = null;
      if (input.deliveryType === 'Home') {
        if (!given) throw badRequest('A Home delivery needs a delivery address', [{ path: 'deliveryAddress', message: 'Required' }]);
        checkDeliveryCountry(channel.code, given, 'deliveryAddress.countryCode');
        deliveryAddress = given;
      } else {
        const recipient = given ?? me;
        pickupPoint = input.pickupPoint ?? collectionPointFor(channel, { firstName: recipient.firstName, lastName: recipient.lastName, phone: recipient.phone });
        deliveryAddress = given ?? pickupPoint.address;
      }

      const at = new Date(now()).toISOString();
      const orderId = randomUUID();
      const orderCode = newOrderCode(channel.brand);
      const discount = input.products.reduce((sum, p) => sum + (p.voucher?.discountAmount ?? 0), 0);
      const price = input.products.reduce((sum, p) => sum + p.priceAmount, 0);
      const order: OrderRow = {
        id: orderId,
        customer_id: customer.customerId,
        order_code: orderCode,
        status: 'Received',
        created_at: at,
        channel: channel.code,
        currency: channel.currency,
        source: input.source,
        delivery_type: input.deliveryType,
        ...addressColumns(deliveryAddress),
        pickup_point: pickupPoint ? JSON.stringify(pickupPoint) : null,
        total_amount: Math.max(0, price - discount),
        payment_changed_at: null,
        updated_at: at,
        address_changed_at: null,
        holdup: null,
        request_id: input.requestId,
        ...UNTRACKED,
      };
      const products: OrderProductRow[] = input.products.map((p, position) => ({
        code: productCode(orderCode, position),
        order_id: orderId,
        customer_id: customer.customerId,
        position,
        status: 'Received',
        created_at: at,
        payment_changed_at: null,
        title: p.title,
        product_type: p.productType,
        article_name: p.articleName ?? p.title,
        quantity: p.quantity,
        price_amount: p.priceAmount,
        voucher_code: p.voucher?.code ?? null,
        voucher_title: p.voucher?.title ?? null,
        voucher_discount_amount: p.voucher?.discountAmount ?? null,
      }));
      const files: OrderFileRow[] = (input.files ?? []).map((f, position) => ({
        id: randomUUID(),
        order_id: orderId,
        position,
        photo_id: f.photoId ?? null,
        file_name: f.fileName,
        bytes: f.bytes,
        uploaded_at: at,
      }));
      const placements: OrderProductPhotoRow[] = input.products.flatMap((p, i) =>
        (p.photos ?? []).map((photo, position) => ({ product_code: products[i]!.code, position, order_id: orderId, photo_id: photo.photoId, copies: photo.copies })),
      );
      if (placements.some((p) => !Number.isInteger(p.copies) || p.copies < 1)) throw badRequest('Invalid copies', [{ path: 'products.photos.copies', message: 'Too small' }]);
      const outcome = await repo.place(order, products, files, placements, MAX_UNPAID_ORDERS);
      if (outcome.placed) {
        await deps.placed?.(outcome.order.id);
        return withProducts(outcome.order);
      }
      if ('customerGone' in outcome) throw notFound('Customer not found');
      if ('tooManyUnpaid' in outcome) throw tooManyUnpaid();
      if (outcome.existing.customer_id !== customer.customerId) throw requestIdInUse();
      const existingId = outcome.existing.id;
      const [placedProducts, placedFiles, placedPhotos] = await Promise.all([repo.productsOf([existingId]), repo.filesOf([existingId]), repo.placementsOf([existingId])]);
      if (placingOf(outcome.existing, placedProducts, placedFiles, placedPhotos) !== placingOf(order, products, files, placements)) throw requestIdInUse();
      await deps.placed?.(existingId);
      return withProducts(outcome.existing);
    },

    /** An order's status and hold-up by its code, whoever's it is: for fulfilment, never for a customer. */
    async statusOf(orderCode: string): Promise<{ status: OrderStatus; holdup: OrderHoldup | null } | undefined> {
      const row = await repo.findByCode(orderCode);
      return row && { status: row.status as OrderStatus, holdup: holdupOf(row) };
    },

    /**
     * Moves an order to `to` if ORDER_STATUS_TRANSITIONS allows it from the status it has, as one
     * conditional UPDATE (WHERE status = from): a move raced by another is decided again on the status
     * the other left. After the commit the customer's open pages hear it (orderStatusPushMessage).
     * Unknown code: 404; a move the order's status does not allow: 409 illegal_status_transition.
     * A detailed word (order-status-words) that leaves the order where it is sets or lifts its hold-up instead;
     * a finished order (sent, cancelled) has none.
     */
    async move(orderCode: string, requested: OrderMove, tracking?: ParcelTracking): Promise<MovedOrder> {
      const { to: target, holdup } = orderStatusWordMove(requested);
      for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
        const current = await repo.findByCode(orderCode);
        if (!current) throw orderNotFound();
        const from = current.status as OrderStatus;
        const to = target === 'stays' ? from : target;
        // A status names a move; only a word may leave the order where it is (to set or lift its hold-up).
        const staysByWord = to === from && requested !== to;
        const allowed = staysByWord ? !FINISHED_ORDER_STATUSES.includes(from) : canMoveOrder(from, to);
        if (!allowed) throw illegalMove(from, requested);
        const at = new Date(now()).toISOString();
        const moved = await repo.move(orderCode, from, to, { at, holdup, paymentChangedAt: changesPayment(from, to) ? at : undefined, tracking: to === 'Dispatched' ? tracking : undefined });
        if (!moved) continue;
        const message: OrderStatusPushMessage = { id: randomUUID(), type: 'order.status.changed', data: { orderCode, status: to, timestamp: at } };
        // The move is committed: a push that cannot be delivered leaves it to the next load of the page.
        await events.publish(moved.customer_id, message).catch((err: unknown) => log.error({ err, orderCode }, 'Publishing an order status change failed'));
        return { order: await withProducts(moved), customerId: moved.customer_id };
      }
      throw new AppError(409, 'order_busy', 'The order is being moved by someone else; try again');
    },
  };
}
export type OrderService = ReturnType<typeof orderService>;
