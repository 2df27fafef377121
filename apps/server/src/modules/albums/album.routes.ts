import {
  ALBUM_GRID_SECTION_SIZE,
  DEFAULT_ALBUM_SORT,
  PHOTOS_PAGE_SIZE,
  albumIdParamsSchema,
  albumListQuerySchema,
  albumPhotoIdsSchema,
  createAlbumSchema,
  pageQuerySchema,
  renameAlbumSchema,
  sharedAlbumListQuerySchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireIdentity } from '../../platform/auth/authenticate.js';
import { parseRequest } from '../../platform/http/errors.js';
import type { AlbumService } from './album.service.js';

const albumPhotosQuery = pageQuerySchema(PHOTOS_PAGE_SIZE, ALBUM_GRID_SECTION_SIZE, DEFAULT_ALBUM_SORT);
const albumId = (request: FastifyRequest) => parseRequest(albumIdParamsSchema, request.params, 'path').id;

export const albumRoutes = (service: AlbumService): FastifyPluginAsync => async (app) => {
  app.post('/albums', async (request, reply) => {
    const identity = requireIdentity(request);
    const { name } = parseRequest(createAlbumSchema, request.body, 'body');
    return reply.status(201).send(await service.create(identity, name));
  });

  // displaySharedData is accepted as the spec's callers send it; own albums always say whether they are shared.
  app.get('/albums', (request) => service.list(requireIdentity(request), parseRequest(albumListQuerySchema, request.query, 'query')));

  app.get('/albums/:id', (request) => service.get(requireIdentity(request), albumId(request)));

  app.patch('/albums/:id', async (request, reply) => {
    const identity = requireIdentity(request);
    await service.rename(identity, albumId(request), parseRequest(renameAlbumSchema, request.body, 'body').name);
    return reply.status(204).send();
  });

  app.delete('/albums/:id', async (request, reply) => {
    await service.delete(requireIdentity(request), albumId(request));
    return reply.status(204).send();
  });

  app.get('/albums/:id/photos', (request) =>
    service.photos(requireIdentity(request), albumId(request), parseRequest(albumPhotosQuery, request.query, 'query')),
  );

  app.post('/albums/:id/photos', (request) =>
    service.addPhotos(requireIdentity(request), albumId(request), parseRequest(albumPhotoIdsSchema, request.body, 'body').photoIds),
  );

  app.delete('/albums/:id/photos', async (request, reply) => {
    await service.removePhotos(requireIdentity(request), albumId(request), parseRequest(albumPhotoIdsSchema, request.body, 'body').photoIds);
    return reply.status(204).send();
  });

  app.get('/shared-albums', (request) => service.listShared(requireIdentity(request), parseRequest(sharedAlbumListQuerySchema, request.query, 'query')));

  app.get('/shared-albums/summary', (request) => service.summary(requireIdentity(request)));

  app.get('/shared-albums/:id', (request) => service.getShared(requireIdentity(request), albumId(request)));

  app.get('/shared-albums/:id/participants', (request) => service.participants(requireIdentity(request), albumId(request)));

  app.get('/shared-albums/:id/photos', (request) =>
    service.sharedPhotos(requireIdentity(request), albumId(request), parseRequest(albumPhotosQuery, request.query, 'query')),
  );

  app.delete('/shared-albums/:id', async (request, reply) => {
    await service.deleteShared(requireIdentity(request), albumId(request));
    return reply.status(204).send();
  });
};
