import {
  ALBUM_GRID_SECTION_SIZE,
  DEFAULT_ALBUM_SORT,
  PHOTOS_PAGE_SIZE,
  albumIdParamsSchema,
  albumListQuerySchema,
  albumListSchema,
  albumPhotoIdsSchema,
  createAlbumSchema,
  createdAlbumSchema,
  failedListSchema,
  ownAlbumSchema,
  pageQuerySchema,
  participantsSchema,
  photoPageSchema,
  renameAlbumSchema,
  sharedAlbumListQuerySchema,
  sharedAlbumListSchema,
  sharedAlbumSchema,
  sharedAlbumsSummarySchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { AlbumService } from './album.service.js';

const albumPhotosQuery = pageQuerySchema(PHOTOS_PAGE_SIZE, ALBUM_GRID_SECTION_SIZE, DEFAULT_ALBUM_SORT);
const params = albumIdParamsSchema;

export const albumRoutes = (service: AlbumService): FastifyPluginAsync => async (app) => {
  route(app, { method: 'POST', url: '/albums', summary: 'Create an album', body: createAlbumSchema, response: { 201: createdAlbumSchema } }, ({ identity, body }) =>
    service.create(identity, body.name),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/albums',
      summary: "The customer's own albums, a page at a time",
      description: 'displaySharedData is accepted for the callers that send it; own albums always say whether they are shared.',
      query: albumListQuerySchema,
      response: { 200: albumListSchema },
    },
    ({ identity, query }) => service.list(identity, query),
  );

  route(app, { method: 'GET', url: '/albums/:id', summary: 'One own album', params, response: { 200: ownAlbumSchema } }, ({ identity, params }) =>
    service.get(identity, params.id),
  );

  route(app, { method: 'PATCH', url: '/albums/:id', summary: 'Rename an own album', params, body: renameAlbumSchema, response: { 204: NO_CONTENT } }, ({ identity, params, body }) =>
    service.rename(identity, params.id, body.name),
  );

  route(app, { method: 'DELETE', url: '/albums/:id', summary: 'Delete an own album (its photos stay in the library)', params, response: { 204: NO_CONTENT } }, ({ identity, params }) =>
    service.delete(identity, params.id),
  );

  route(
    app,
    { method: 'GET', url: '/albums/:id/photos', summary: "An own album's photos, a page at a time", params, query: albumPhotosQuery, response: { 200: photoPageSchema } },
    ({ identity, params, query }) => service.photos(identity, params.id, query),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/albums/:id/photos',
      summary: 'Add library photos to an own album',
      description: 'Photos already in the album are skipped; the answer lists those that are not in the library.',
      params,
      body: albumPhotoIdsSchema,
      response: { 200: failedListSchema },
    },
    ({ identity, params, body }) => service.addPhotos(identity, params.id, body.photoIds),
  );

  route(
    app,
    { method: 'DELETE', url: '/albums/:id/photos', summary: 'Remove photos from an own album (they stay in the library)', params, body: albumPhotoIdsSchema, response: { 204: NO_CONTENT } },
    ({ identity, params, body }) => service.removePhotos(identity, params.id, body.photoIds),
  );

  route(
    app,
    { method: 'GET', url: '/shared-albums', summary: 'Albums shared with the customer, a page at a time', query: sharedAlbumListQuerySchema, response: { 200: sharedAlbumListSchema } },
    ({ identity, query }) => service.listShared(identity, query),
  );

  route(app, { method: 'GET', url: '/shared-albums/summary', summary: 'How many albums are shared with the customer, and by them', response: { 200: sharedAlbumsSummarySchema } }, ({ identity }) =>
    service.summary(identity),
  );

  route(app, { method: 'GET', url: '/shared-albums/:id', summary: 'One shared album, with its owner and participants', params, response: { 200: sharedAlbumSchema } }, ({ identity, params }) =>
    service.getShared(identity, params.id),
  );

  route(app, { method: 'GET', url: '/shared-albums/:id/participants', summary: "A shared album's owner and participants", params, response: { 200: participantsSchema } }, ({ identity, params }) =>
    service.participants(identity, params.id),
  );

  route(
    app,
    { method: 'GET', url: '/shared-albums/:id/photos', summary: "A shared album's photos, a page at a time", params, query: albumPhotosQuery, response: { 200: photoPageSchema } },
    ({ identity, params, query }) => service.sharedPhotos(identity, params.id, query),
  );

  route(
    app,
    { method: 'DELETE', url: '/shared-albums/:id', summary: 'Leave a shared album; its owner deletes it for everyone', params, response: { 204: NO_CONTENT } },
    ({ identity, params }) => service.deleteShared(identity, params.id),
  );
};
