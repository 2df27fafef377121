import {
  accountIdParamsSchema,
  accountOrderListSchema,
  addressInputSchema,
  anonymousUploadsRequestSchema,
  anonymousUploadsSchema,
  deliveryDatesSchema,
  directReorderQuerySchema,
  directReorderSchema,
  orderCodeParamsSchema,
  orderIdParamsSchema,
  ordersByAccountQuerySchema,
  orderUploadsQuerySchema,
  orderUploadsSchema,
  reorderStatusSchema,
  subOrderSchema,
  superOrderListSchema,
  superOrderSchema,
  superOrdersQuerySchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { OrderService } from './order.service.js';

/** The order list and an order's details are kept as JSON bytes (decision 054), sent as they are. */
const JSON_TYPE = 'application/json; charset=utf-8';
const NOT_YOURS = "Another customer's order answers 404, as an unknown one does.";

export const orderRoutes = (service: OrderService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: '/v2/superorders/me',
      summary: "The customer's orders with their products, newest first",
      description: `Offset and Limit page them (Limit at most 100); total counts them all. OrderState=notExpired (the default) leaves out orders older than the order history's keeping time.`,
      query: superOrdersQuerySchema,
      response: { 200: superOrderListSchema },
    },
    async ({ identity, query, reply }) => reply.type(JSON_TYPE).send(await service.listJson(identity, query)),
  );

  route(
    app,
    { method: 'GET', url: '/v1/superorders/:code', summary: 'One order with its products', description: NOT_YOURS, params: orderCodeParamsSchema, response: { 200: superOrderSchema } },
    async ({ identity, params, reply }) => reply.type(JSON_TYPE).send(await service.getJson(identity, params.code)),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/v1/superorders/:code/deliveryAddress',
      summary: "Change where an order is delivered",
      description: `Only a Home delivery, and only until production starts: otherwise 409 delivery_address_not_changeable and nothing changes. A bad address is a 400 whose issues name the field and its message key. ${NOT_YOURS}`,
      params: orderCodeParamsSchema,
      body: addressInputSchema,
      response: { 200: superOrderSchema },
    },
    ({ identity, params, body }) => service.changeDeliveryAddress(identity, params.code, body),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/orders/byAccount/:accountId',
      summary: "The account's products (sub-orders), newest first",
      description: 'articleNames is a comma-separated list of article names to keep. Another account answers 404.',
      params: accountIdParamsSchema,
      query: ordersByAccountQuerySchema,
      response: { 200: accountOrderListSchema },
    },
    ({ identity, params, query }) => service.byAccount(identity, params.accountId, query),
  );

  route(
    app,
    { method: 'GET', url: '/v1/Orders/:id', summary: 'One product (sub-order) by its code, with its order code', description: NOT_YOURS, params: orderIdParamsSchema, response: { 200: subOrderSchema } },
    ({ identity, params }) => service.product(identity, params.id),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/OrderDeliveryDates/:id',
      summary: 'When an order is expected to arrive',
      description: `404 when no dates are known: the order is dispatched or cancelled. ${NOT_YOURS}`,
      params: orderIdParamsSchema,
      response: { 200: deliveryDatesSchema },
    },
    ({ identity, params }) => service.deliveryDates(identity, params.id),
  );

  route(
    app,
    { method: 'GET', url: '/reorder/status/:id', summary: 'Whether an order can be reordered, and why not', description: NOT_YOURS, params: orderIdParamsSchema, response: { 200: reorderStatusSchema } },
    ({ identity, params }) => service.reorderStatus(identity, params.id),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/reorder/direct',
      summary: "Reorder: where the customer continues, on the order's own shop",
      description: `409 order_not_reorderable (params.reason) when it cannot be reordered. ${NOT_YOURS}`,
      query: directReorderQuerySchema,
      response: { 200: directReorderSchema },
    },
    ({ identity, query }) => service.reorder(identity, query.OrderCode),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/uploads/:id',
      summary: 'The files one of the account’s orders was made from',
      description: `accountId must be the caller's own account. ${NOT_YOURS}`,
      params: orderIdParamsSchema,
      query: orderUploadsQuerySchema,
      response: { 200: orderUploadsSchema },
    },
    ({ identity, params, query }) => service.uploads(identity, params.id, query.accountId),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/getanonymousuploads',
      summary: 'The files of several orders at once',
      description: "Order codes that are not the caller's are left out of the answer.",
      body: anonymousUploadsRequestSchema,
      response: { 200: anonymousUploadsSchema },
    },
    ({ identity, body }) => service.anonymousUploads(identity, body.ids),
  );
};
