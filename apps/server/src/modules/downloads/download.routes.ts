import {
  downloadCreatedSchema,
  downloadIdParamsSchema,
  downloadListSchema,
  downloadRequestSchema,
  sharedAlbumDownloadRequestSchema,
  signedUrlSchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { DownloadService } from './download.service.js';

const ACCEPTED = 'The archive is made in the background: push events say when it starts, is finished or failed. The same request again (same id and photos) answers the same archive.';

export const downloadRoutes = (service: DownloadService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: '/downloads',
      summary: 'Ask for a zip of own photos (1 to 100)',
      description: `${ACCEPTED} A photo that is not the customer's is a 404; an id already used for another request is a 409; too many archives in the making at once is a 429 with Retry-After.`,
      body: downloadRequestSchema,
      response: { 202: downloadCreatedSchema },
    },
    ({ identity, body }) => service.create(identity, body),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/shared-album-downloads',
      summary: 'Ask for a zip of photos of shared albums the customer owns or takes part in',
      description: `${ACCEPTED} A photo in none of the customer's shared albums is a 404; one given with another owner than its own is a 400.`,
      body: sharedAlbumDownloadRequestSchema,
      response: { 202: downloadCreatedSchema },
      // Uniqueness by one property of each item is beyond what JSON Schema's uniqueItems can say.
      refusals: { 400: 'a photoId listed twice, or a photo given with another owner than its own' },
    },
    ({ identity, body }) => service.createShared(identity, body),
  );

  route(
    app,
    { method: 'GET', url: '/downloads', summary: "The customer's archives, newest first", response: { 200: downloadListSchema } },
    ({ identity }) => service.list(identity),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/downloads/:id/url',
      summary: 'A signed link to a finished archive, saved as {id}.zip',
      description: 'Only while the archive lasts: 409 while it is being made, 404 once it failed or expired.',
      params: downloadIdParamsSchema,
      response: { 200: signedUrlSchema },
    },
    ({ identity, params }) => service.url(identity, params.id),
  );
};
