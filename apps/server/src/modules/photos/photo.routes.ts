import {
  PHOTOS_PAGE_SIZE,
  TIMELINE_PAGE_SIZE,
  accountPhotoInfoSchema,
  failedListSchema,
  pageQuerySchema,
  photoIdParamsSchema,
  photoIdsSchema,
  photoInTimelineQuerySchema,
  photoInTimelineSchema,
  photoPageSchema,
  timelineCountsQuerySchema,
  timelineCountsSchema,
  timelineMonthParamsSchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { PhotoService } from './photo.service.js';

/** The timeline's answers are cached as JSON text, sent as they are. */
const JSON_TYPE = 'application/json; charset=utf-8';
const monthPageQuery = pageQuerySchema(PHOTOS_PAGE_SIZE, TIMELINE_PAGE_SIZE);
const listPageQuery = pageQuerySchema(PHOTOS_PAGE_SIZE, PHOTOS_PAGE_SIZE);

export const photoRoutes = (service: PhotoService): FastifyPluginAsync => async (app) => {
  route(app, { method: 'GET', url: '/users', summary: 'How many photos and albums the customer has', response: { 200: accountPhotoInfoSchema } }, ({ identity }) =>
    service.accountInfo(identity),
  );

  route(
    app,
    { method: 'GET', url: '/users/timeline', summary: 'Photos per year and month', query: timelineCountsQuerySchema, response: { 200: timelineCountsSchema } },
    async ({ identity, query, reply }) => reply.type(JSON_TYPE).send(await service.timelineCountsJson(identity, query.sortKey)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/photos/timeline/:year/:month',
      summary: "One month's photos, a page at a time",
      params: timelineMonthParamsSchema,
      query: monthPageQuery,
      response: { 200: photoPageSchema },
    },
    async ({ identity, params, query, reply }) => reply.type(JSON_TYPE).send(await service.monthPageJson(identity, params.year, params.month, query)),
  );

  route(app, { method: 'GET', url: '/photos', summary: 'The whole library, a page at a time', query: listPageQuery, response: { 200: photoPageSchema } }, ({ identity, query }) =>
    service.listPage(identity, query),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/photos',
      summary: 'Delete photos from the library (and from every album)',
      description: 'The answer lists the photos that could not be deleted; bigger selections are sent in batches.',
      body: photoIdsSchema,
      response: { 200: failedListSchema },
    },
    ({ identity, body }) => service.deletePhotos(identity, body.photoIds),
  );

  route(app, { method: 'DELETE', url: '/photos/all', summary: "Delete the customer's whole library", response: { 204: NO_CONTENT } }, ({ identity }) =>
    service.deleteAll(identity),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/photos/:id',
      summary: 'One photo and its place in the timeline',
      description: 'The month it is shown under for the sort and the photos before and after it, so a preview opens without its month.',
      params: photoIdParamsSchema,
      query: photoInTimelineQuerySchema,
      response: { 200: photoInTimelineSchema },
    },
    ({ identity, params, query }) => service.photoInTimeline(identity, params.id, query),
  );

  route(app, { method: 'DELETE', url: '/photos/:id', summary: 'Delete one photo', params: photoIdParamsSchema, response: { 204: NO_CONTENT } }, ({ identity, params }) =>
    service.deletePhoto(identity, params.id),
  );
};
