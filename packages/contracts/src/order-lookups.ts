/** The order service's query parameters, and its calls beside the super orders themselves (spec §7.3): by account, one product, delivery dates, reorder, uploads. */
import { z } from 'zod/mini';
import { ORDERS_BY_ACCOUNT_LIMIT, ORDERS_PAGE_LIMIT } from './constants.js';
import { ORDER_STATES, orderProductSchema, orderStatusSchema } from './orders.js';
import { pictureSchema } from './photos.js';
import { idSchema, queryInt, text } from './text.js';

const timestamp = z.iso.datetime({ offset: true });

/** GET {orders}/v2/superorders/me */
export const superOrdersQuerySchema = z.object({
  Offset: queryInt(0, 1_000_000, 0),
  Limit: queryInt(1, ORDERS_PAGE_LIMIT, ORDERS_PAGE_LIMIT),
  OrderState: z._default(z.enum(ORDER_STATES), 'notExpired'),
});
export type SuperOrdersQuery = z.infer<typeof superOrdersQuerySchema>;

const count = z.int().check(z.minimum(0));

/** GET {orders}/orders/byAccount/{accountId}: the account's products, filtered by article names. */
export const ordersByAccountQuerySchema = z.object({
  articleNames: z.optional(text().check(z.maxLength(500))),
  offset: queryInt(0, 1_000_000, 0),
  limit: queryInt(1, 100, ORDERS_BY_ACCOUNT_LIMIT),
});
export const accountOrderSchema = z.object({
  id: z.string(),
  orderCode: z.string(),
  articleName: z.string(),
  status: orderStatusSchema,
  createdAt: timestamp,
});
export const accountOrderListSchema = z.object({ items: z.array(accountOrderSchema), total: count });
export type AccountOrderList = z.infer<typeof accountOrderListSchema>;

/** GET {orders}/v1/Orders/{id}: one product (sub-order) with the super order it belongs to. */
export const subOrderSchema = z.extend(orderProductSchema, { orderCode: z.string() });
export type SubOrder = z.infer<typeof subOrderSchema>;

/** GET {orders}/OrderDeliveryDates/{id}; a 404 means no dates are known (the web shows none). */
export const deliveryDatesSchema = z.object({ orderCode: z.string(), earliest: timestamp, latest: timestamp });
export type DeliveryDates = z.infer<typeof deliveryDatesSchema>;

/** Why an order cannot be reordered (yet): still on its way, cancelled, or past the order history's keeping time. */
export const REORDER_REFUSALS = ['inProgress', 'cancelled', 'expired'] as const;
/** GET {orders}/reorder/status/{id} */
export const reorderStatusSchema = z.object({ orderCode: z.string(), reorderable: z.boolean(), reason: z.nullable(z.enum(REORDER_REFUSALS)) });
/** The `error` of the 409 a direct reorder gets when the order cannot be reordered; `params.reason` is one of REORDER_REFUSALS. */
export const NOT_REORDERABLE_ERROR = 'order_not_reorderable';
export type ReorderStatus = z.infer<typeof reorderStatusSchema>;
/** POST {orders}/reorder/direct?OrderCode={id}: where the customer continues, on the channel's shop. */
export const directReorderQuerySchema = z.object({ OrderCode: idSchema });
export const directReorderSchema = z.object({ ShopUrl: z.url() });

/**
 * A file an order was made from (decision 054). `picture` is a signed thumbnail of its photo while that photo is
 * still in the customer's library, else null: the photo was deleted, or the file never came from the library.
 */
export const orderUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  bytes: count,
  uploadedAt: timestamp,
  photoId: z.nullable(z.string()),
  picture: z.nullable(pictureSchema),
});
export type OrderUpload = z.infer<typeof orderUploadSchema>;
/** GET {orders}/uploads/{id}?accountId: the files of one of the account's orders. */
export const orderUploadsSchema = z.object({ orderCode: z.string(), files: z.array(orderUploadSchema) });
export type OrderUploads = z.infer<typeof orderUploadsSchema>;
export const orderUploadsQuerySchema = z.object({ accountId: idSchema });
/** POST {orders}/getanonymousuploads: the same for several orders at once; codes that are not the caller's are left out. */
export const MAX_ANONYMOUS_UPLOAD_IDS = 100;
export const anonymousUploadsRequestSchema = z.object({ ids: z.array(idSchema).check(z.minLength(1), z.maxLength(MAX_ANONYMOUS_UPLOAD_IDS)) });
export const anonymousUploadsSchema = z.object({ items: z.array(orderUploadsSchema) });
export type AnonymousUploads = z.infer<typeof anonymousUploadsSchema>;
/** Path parameters of the calls that take an account, a product id or an order id. */
export const accountIdParamsSchema = z.object({ accountId: idSchema });
export const orderIdParamsSchema = z.object({ id: idSchema });
