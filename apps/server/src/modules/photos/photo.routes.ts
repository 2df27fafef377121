import {
  PHOTOS_PAGE_SIZE,
  TIMELINE_PAGE_SIZE,
  pageQuerySchema,
  photoIdParamsSchema,
  photoIdsSchema,
  timelineCountsQuerySchema,
  timelineMonthParamsSchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireIdentity } from '../../platform/auth/authenticate.js';
import { parseRequest } from '../../platform/http/errors.js';
import type { PhotoService } from './photo.service.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const monthPageQuery = pageQuerySchema(PHOTOS_PAGE_SIZE, TIMELINE_PAGE_SIZE);
const listPageQuery = pageQuerySchema(PHOTOS_PAGE_SIZE, PHOTOS_PAGE_SIZE);

export const photoRoutes = (service: PhotoService): FastifyPluginAsync => async (app) => {
  app.get('/users', (request) => service.accountInfo(requireIdentity(request)));

  app.get('/users/timeline', async (request, reply) => {
    const { sortKey } = parseRequest(timelineCountsQuerySchema, request.query, 'query');
    return reply.type(JSON_TYPE).send(await service.timelineCountsJson(requireIdentity(request), sortKey));
  });

  app.get('/photos/timeline/:year/:month', async (request, reply) => {
    const identity = requireIdentity(request);
    const { year, month } = parseRequest(timelineMonthParamsSchema, request.params, 'path');
    return reply.type(JSON_TYPE).send(await service.monthPageJson(identity, year, month, parseRequest(monthPageQuery, request.query, 'query')));
  });

  app.get('/photos', (request) => service.listPage(requireIdentity(request), parseRequest(listPageQuery, request.query, 'query')));

  app.delete('/photos', (request) => {
    const identity = requireIdentity(request);
    return service.deletePhotos(identity, parseRequest(photoIdsSchema, request.body, 'body').photoIds);
  });

  app.delete('/photos/all', async (request, reply) => {
    await service.deleteAll(requireIdentity(request));
    return reply.status(204).send();
  });

  app.delete('/photos/:id', async (request, reply) => {
    const identity = requireIdentity(request);
    await service.deletePhoto(identity, parseRequest(photoIdParamsSchema, request.params, 'path').id);
    return reply.status(204).send();
  });
};
