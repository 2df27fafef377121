import {
  blockedOrderParamsSchema,
  blockedOrderSchema,
  createGalleryEntrySchema,
  galleryCategoriesSchema,
  galleryChannelQuerySchema,
  galleryEntryParamsSchema,
  galleryEntrySchema,
  renameWidgetSchema,
  sharedBookParamsSchema,
  sharedBookPhotoQuerySchema,
  sharedBookSchema,
  updateGalleryEntrySchema,
  widgetDetailsSchema,
  widgetListQuerySchema,
  widgetListSchema,
  widgetParamsSchema,
  widgetSchema,
  widgetShareListSchema,
  widgetShareParamsSchema,
  widgetShareQuerySchema,
  widgetShareResultSchema,
  widgetsByOrderQuerySchema,
  widgetsByOrderSchema,
} from '@shoebox/contracts';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { GalleryService } from './gallery.service.js';
import type { WidgetShareService } from './widget-share.service.js';
import type { WidgetService } from './widget.service.js';

/** Where the public calls live under the widgets base path, for PUBLIC_ROUTES. */
export const SHARED_BOOK_PATH = '/v1/shared-books/:shareToken';
export const BLOCKED_ORDER_PATH = '/v1/blockedorders/:orderCode';
export const SHARED_BOOK_PHOTO_PATH = `${SHARED_BOOK_PATH}/photos/:pageIndex/:photoIndex`;
export const SHARED_BOOK_COVER_PATH = `${SHARED_BOOK_PATH}/cover`;

/**
 * How long the recipient's own browser may keep a shared photo: long enough not to fetch it again while
 * leafing through the book, short enough that a link that ended stops showing it soon (decision 065).
 */
export const SHARED_PHOTO_MAX_AGE_SECONDS = 600;
/** A position in a book: pages and photos counted from 0. */
const position = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(9999));
const sharedBookPhotoParamsSchema = z.extend(sharedBookParamsSchema, { pageIndex: position, photoIndex: position });

const CONSUMERS = 'Consumers only: a business customer gets 403.';
const NOT_YOURS = "Another customer's book answers 404, as one that does not exist, and nothing changes.";
const ENTRY = "The channel must be the storefront the entry was published on; another customer's entry answers 404.";

interface Services {
  widgets: WidgetService;
  shares: WidgetShareService;
  gallery: GalleryService;
}

/** Spec §2.8, §7.8: the customer's online photo books, their share links and the gallery (decision 065). */
export const widgetRoutes = ({ widgets, shares, gallery }: Services): FastifyPluginAsync => async (app) => {
  route(
    app,
    { method: 'GET', url: '/v1/widgets/me', summary: "The customer's photo books, newest first", description: `offset = (page - 1) * limit. ${CONSUMERS}`, query: widgetListQuerySchema, response: { 200: widgetListSchema } },
    ({ identity, query }) => widgets.list(identity, query.offset, query.limit),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/v1/widget/all',
      summary: "The customer's photo books of the given order codes",
      description: `orderCodes is a comma-separated list of at most WIDGETS_BY_ORDER_MAX_CODES codes; only the caller's own books are answered. ${CONSUMERS}`,
      query: widgetsByOrderQuerySchema,
      response: { 200: widgetsByOrderSchema },
    },
    ({ identity, query }) => widgets.ofOrders(identity, query.orderCodes),
  );

  route(
    app,
    { method: 'GET', url: '/v1/widget/:id', summary: 'One photo book with its pages', description: `${NOT_YOURS} ${CONSUMERS}`, params: widgetParamsSchema, response: { 200: widgetDetailsSchema } },
    ({ identity, params }) => widgets.get(identity, params.id),
  );

  route(
    app,
    { method: 'POST', url: '/v1/widget/:id', summary: 'Rename a photo book', description: `${NOT_YOURS} ${CONSUMERS}`, params: widgetParamsSchema, body: renameWidgetSchema, response: { 200: widgetSchema } },
    ({ identity, params, body }) => widgets.rename(identity, params.id, body.title),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/v1/widget/:id',
      summary: 'Delete a photo book with its share links and gallery entry',
      description: `A second delete answers 404. ${NOT_YOURS} ${CONSUMERS}`,
      params: widgetParamsSchema,
      response: { 204: NO_CONTENT },
    },
    ({ identity, params }) => widgets.delete(identity, params.id),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/v1/widget/:id/share',
      summary: 'Mail a link to the photo book to someone',
      description:
        "toEmailAddress is the recipient's address in base64; vendorId must be the vendor of the customer's storefront. The mail is in the storefront's language. " +
        'At most WIDGET_SHARES_PER_WINDOW shares per customer in WIDGET_SHARE_WINDOW_MINUTES (429 with Retry-After). A mail server that fails answers 503 mail_unavailable and shares nothing: try again. ' +
        `${NOT_YOURS} ${CONSUMERS}`,
      params: widgetParamsSchema,
      query: widgetShareQuerySchema,
      response: { 200: widgetShareResultSchema },
      refusals: { 400: "a vendorId other than the vendor of the customer's storefront" },
    },
    ({ identity, params, query }) => shares.share(identity, params.id, query),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/v1/widget/:id/shares',
      summary: "The photo book's share links that still open it, newest first",
      description: `Each with the address it was mailed to, when and until when it opens the book; one being mailed is not listed yet. ${NOT_YOURS} ${CONSUMERS}`,
      params: widgetParamsSchema,
      response: { 200: widgetShareListSchema },
    },
    ({ identity, params }) => shares.list(identity, params.id),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/v1/widget/:id/shares/:shareId',
      summary: 'Stop one share link opening the photo book',
      description: `From this answer on the link opens nothing; the book and its other links stay. Another customer's, an unknown or an already revoked link answers 404. ${CONSUMERS}`,
      params: widgetShareParamsSchema,
      response: { 204: NO_CONTENT },
    },
    ({ identity, params }) => shares.revoke(identity, params.id, params.shareId),
  );

  route(app, { method: 'GET', url: '/v1/categories', summary: "The gallery's categories", description: CONSUMERS, response: { 200: galleryCategoriesSchema } }, ({ identity }) =>
    gallery.categories(identity),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/v1/galleryentries',
      summary: 'Publish a photo book to the gallery',
      description: `One entry per book: a second answers 409 gallery_entry_exists; a blocked order's book 409 order_blocked. ${NOT_YOURS} ${CONSUMERS}`,
      body: createGalleryEntrySchema,
      response: { 201: galleryEntrySchema },
    },
    ({ identity, body }) => gallery.create(identity, body),
  );

  route(
    app,
    { method: 'GET', url: '/v1/galleryentries/:id', summary: 'One gallery entry', description: `${ENTRY} ${CONSUMERS}`, params: galleryEntryParamsSchema, query: galleryChannelQuerySchema, response: { 200: galleryEntrySchema } },
    ({ identity, params, query }) => gallery.get(identity, params.id, query.channel),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/v1/galleryentries/:id',
      summary: "Change a gallery entry's category and title",
      description: `${ENTRY} ${CONSUMERS}`,
      params: galleryEntryParamsSchema,
      query: galleryChannelQuerySchema,
      body: updateGalleryEntrySchema,
      response: { 200: galleryEntrySchema },
    },
    ({ identity, params, query, body }) => gallery.update(identity, params.id, query.channel, body),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/v1/galleryentries/:id',
      summary: 'Take a photo book out of the gallery',
      description: `A second delete answers 404. ${ENTRY} ${CONSUMERS}`,
      params: galleryEntryParamsSchema,
      query: galleryChannelQuerySchema,
      response: { 204: NO_CONTENT },
    },
    ({ identity, params, query }) => gallery.delete(identity, params.id, query.channel),
  );
};

/** A shared book's photo: only the recipient's own browser may keep it, and not for long. */
const sendPhoto = (reply: FastifyReply, bytes: Readable) =>
  reply.type('image/jpeg').header('Cache-Control', `private, max-age=${SHARED_PHOTO_MAX_AGE_SECONDS}`).header('X-Content-Type-Options', 'nosniff').send(bytes);

/** Public calls: a shared book for whoever holds its link, and whether an order is blocked from the gallery. */
export const widgetPublicRoutes = ({ shares, gallery }: Omit<Services, 'widgets'>): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: SHARED_BOOK_PATH,
      summary: 'A shared photo book, opened from its link without an account',
      description: 'An expired, unknown or deleted book\'s link answers 404. The answer names nobody: no ids, no addresses.',
      params: sharedBookParamsSchema,
      response: { 200: sharedBookSchema },
    },
    async ({ params, reply }) => {
      // The link can end (expiry, a deleted book): no cache may keep the book past that.
      reply.header('Cache-Control', 'no-store');
      return shares.open(params.shareToken);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: SHARED_BOOK_PHOTO_PATH,
      summary: 'A photo of a shared photo book, by its position, for whoever holds the link',
      description:
        "The addresses the shared book answers with; size is one of the library's sizes (a small photo answers its largest). An expired, unknown or deleted book's link, a position past the book or a photo deleted since answers 404.",
      params: sharedBookPhotoParamsSchema,
      query: sharedBookPhotoQuerySchema,
      response: { 200: z.string() },
      produces: 'image/jpeg',
    },
    async ({ params, query, reply }) => sendPhoto(reply, await shares.photo(params.shareToken, params.pageIndex, params.photoIndex, query.size)),
  );

  route(
    app,
    {
      method: 'GET',
      url: SHARED_BOOK_COVER_PATH,
      summary: 'The cover photo of a shared photo book, for whoever holds the link',
      description: "The address the shared book's cover answers with; size as for its pages' photos. An expired, unknown or deleted book's link, or a book without a cover photo (none, or deleted since), answers 404.",
      params: sharedBookParamsSchema,
      query: sharedBookPhotoQuerySchema,
      response: { 200: z.string() },
      produces: 'image/jpeg',
    },
    async ({ params, query, reply }) => sendPhoto(reply, await shares.cover(params.shareToken, query.size)),
  );

  route(
    app,
    { method: 'GET', url: BLOCKED_ORDER_PATH, summary: 'Whether an order’s photo books are kept out of the gallery', params: blockedOrderParamsSchema, response: { 200: blockedOrderSchema } },
    ({ params }) => gallery.blocked(params.orderCode),
  );
};
