import { backupChunkParamsSchema, backupCreatedSchema, backupIdParamsSchema, exportStatusSchema, signedUrlSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { BackupService } from './backup.service.js';

export const backupRoutes = (service: BackupService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: '/backups',
      summary: 'Export the whole library as zip chunks',
      description:
        'Starts an export, made in the background and mailed when ready. A customer has one export at a time: while one is being made, this answers that one. 409 library_empty when there is no photo; 409 export_up_to_date {exportId} while a ready export holds the library as it is (nothing changed since it was asked for): download that one.',
      response: { 202: backupCreatedSchema },
    },
    ({ identity }) => service.start(identity),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/backups/:id',
      summary: 'An export: pending while it is made, then its chunks',
      description: `404 for an export that is not the customer's or whose links have expired; 422 export_failed when it could not be made.`,
      params: backupIdParamsSchema,
      response: { 200: exportStatusSchema },
    },
    ({ identity, params }) => service.status(identity, params.id),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/backups/:id/chunks/:chunk/url',
      summary: "A short-lived link to one chunk of a ready export",
      params: backupChunkParamsSchema,
      response: { 200: signedUrlSchema },
    },
    ({ identity, params }) => service.chunkUrl(identity, params.id, params.chunk),
  );
};
