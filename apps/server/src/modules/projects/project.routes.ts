import {
  createProjectSchema,
  projectAccountParamsSchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  updateProjectSchema,
} from '@shoebox/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import type { ProjectService } from './project.service.js';

const NOT_YOURS = "Another customer's project answers 404, as one that does not exist.";

/** Spec §7.5, and the calls the prints editor saves and opens projects with (decision 058). */
export const projectRoutes = (service: ProjectService): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'GET',
      url: '/api/v2/projects/:accountId',
      summary: "The customer's saved projects, last saved first",
      description:
        "skip = (page - 1) * size. The account id must be the caller's own (the token's sub); any other answers 404. Each project's cover is its thumbnailPhotoId's smallest thumbnail as a signed URL valid for hours, or null when the project has none or that photo is not (any more) in the caller's library.",
      params: projectAccountParamsSchema,
      query: projectListQuerySchema,
      response: { 200: projectListSchema },
    },
    ({ identity, params, query }) => service.list(identity, params.accountId, query),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/v2/projects',
      summary: 'Save a new project',
      description:
        'The client makes the id (a uuid): the same request again answers 200 with the project saved the first time. An id used by another customer is a 409 project_id_in_use; a customer at the cap of saved projects gets a 409 too_many_projects.',
      body: createProjectSchema,
      response: { 200: projectSchema, 201: projectSchema },
    },
    async ({ identity, body, reply }) => {
      const { created, project } = await service.create(identity, body);
      if (created) reply.status(201);
      return project;
    },
  );

  route(
    app,
    { method: 'GET', url: '/api/v2/project/:id', summary: 'One project with its editor state, to continue it', description: NOT_YOURS, params: projectIdParamsSchema, response: { 200: projectSchema } },
    ({ identity, params }) => service.get(identity, params.id),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/v2/project/:id',
      summary: 'Save a project again',
      description: `Send the version the editor opened or last saved: when another save came in between, the answer is 409 project_version_conflict (params.version is the current one) and nothing changes. ${NOT_YOURS}`,
      params: projectIdParamsSchema,
      body: updateProjectSchema,
      response: { 200: projectSchema },
    },
    ({ identity, params, body }) => service.update(identity, params.id, body),
  );

  route(
    app,
    { method: 'DELETE', url: '/api/v2/project/:id', summary: 'Delete a project', description: `${NOT_YOURS} A second delete answers 404.`, params: projectIdParamsSchema, response: { 204: NO_CONTENT } },
    ({ identity, params }) => service.delete(identity, params.id),
  );
};
