import { z } from 'zod/mini';
import { channelNameSchema } from './channel-name.js';
import { findChannel } from './channels.js';
import { SAVED_PROJECTS_PAGE_SIZE } from './constants.js';
import { pictureSchema } from './photos.js';
import { documentedAs } from './documented-as.js';
import { displayText, idSchema, notBlank, queryInt, text } from './text.js';

/**
 * Saved projects (account-area §2.6, §7.5): what a customer saved in a product editor, listed on
 * /saved-projects and opened again in the editor. The limits below are not in the spec (decision 058).
 */

/** Projects one customer may keep; saving another is refused until one is deleted. */
export const MAX_PROJECTS_PER_CUSTOMER = 200;
/** The editor's own state of one project, as UTF-8 JSON: room for a long photo book's layout, not for its photos' bytes. */
export const MAX_PROJECT_STATE_BYTES = 256 * 1024;
export const PROJECT_TITLE_MAX_LENGTH = 120;
export const MAX_PROJECT_PAGE_COUNT = 500;
/** The most projects one GET answers; the page size of /saved-projects is SAVED_PROJECTS_PAGE_SIZE. */
export const PROJECTS_LIST_MAX_LIMIT = 50;
/** skip beyond this is refused rather than answered with an empty page: no customer keeps that many. */
export const PROJECTS_LIST_MAX_SKIP = 10_000;

const count = z.int().check(z.minimum(0));
const timestamp = z.iso.datetime({ offset: true });

/** The client names a new project: a uuid it makes, so a repeated save (double click, retry) is one project. */
export const projectIdSchema = z.uuid().check(z.regex(/^[0-9a-f-]+$/, { message: 'Use the id in lower case' }));
/** An article code as the shop knows it, e.g. PAP_910 (prints) or a photo book's. */
export const productCodeSchema = text().check(z.regex(/^[A-Z0-9_]{1,32}$/, { message: 'Not a product code' }));
export const projectTitleSchema = displayText().check(z.minLength(1), z.maxLength(PROJECT_TITLE_MAX_LENGTH), notBlank('Give the project a name'));
/** A storefront's channel code or host; the document lists them (the server also takes them in capitals). */
const channelCodeSchema = documentedAs(
  text().check(
    z.maxLength(100),
    z.refine((c) => findChannel(c) !== undefined, { message: 'Unknown channel' }),
  ),
  { equivalent: () => channelNameSchema },
);

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
/** The editor's state: any JSON object the editor reads back unchanged, at most MAX_PROJECT_STATE_BYTES. */
export const projectEditorStateSchema = z.record(z.string(), z.unknown()).check(
  z.refine((state) => jsonBytes(state) <= MAX_PROJECT_STATE_BYTES, { message: `Must be at most ${MAX_PROJECT_STATE_BYTES} bytes as JSON` }),
);
export type ProjectEditorState = z.infer<typeof projectEditorStateSchema>;

/** What the editor saves, the first time and every time after. */
const projectContentSchema = z.object({
  title: projectTitleSchema,
  productCode: productCodeSchema,
  channel: channelCodeSchema,
  pageCount: z.int().check(z.minimum(1), z.maximum(MAX_PROJECT_PAGE_COUNT)),
  /** A photo of the customer's shown as the project's cover, or null. */
  thumbnailPhotoId: z.nullable(idSchema),
  editorState: projectEditorStateSchema,
});

/** POST {projects}/api/v2/projects: save a new project. The same id again answers the project already saved under it. */
export const createProjectSchema = z.extend(projectContentSchema, { id: projectIdSchema });
export type CreateProject = z.infer<typeof createProjectSchema>;

/**
 * PUT {projects}/api/v2/project/{id}: save again. `version` is the one the editor opened or last saved; when
 * another save came in between, the answer is 409 project_version_conflict and nothing is changed.
 */
/** A project's version counts its saves; bounded as PostgreSQL's integer column is, so a larger one is a 400, not a failure. */
export const MAX_PROJECT_VERSION = 2_147_483_647;
export const updateProjectSchema = z.extend(projectContentSchema, { version: z.int().check(z.minimum(1), z.maximum(MAX_PROJECT_VERSION)) });
export type UpdateProject = z.infer<typeof updateProjectSchema>;

/** What every answer says of a project, but for the editor's state. */
const projectFieldsSchema = z.object({
  id: projectIdSchema,
  title: z.string(),
  productCode: z.string(),
  channel: z.string(),
  pageCount: count,
  thumbnailPhotoId: z.nullable(z.string()),
  createdAt: timestamp,
  /** When it was last saved. */
  updatedAt: timestamp,
  /** Goes up by one with each save; PUT sends it back. */
  version: z.int().check(z.minimum(1)),
});

/** One project in the list: everything but the editor's state, and its cover to show. */
export const projectSummarySchema = z.extend(projectFieldsSchema, {
  /**
   * The cover photo (thumbnailPhotoId) as a small signed picture, valid for hours; null when the project has
   * none or the photo is no longer in the customer's library.
   */
  cover: z.nullable(pictureSchema),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** GET {projects}/api/v2/project/{id}, and the answer to every save: the project with the editor's state. */
export const projectSchema = z.extend(projectFieldsSchema, { editorState: z.record(z.string(), z.unknown()) });
export type Project = z.infer<typeof projectSchema>;

/** GET {projects}/api/v2/projects/{accountId}?skip&limit: last saved first. */
export const projectListQuerySchema = z.object({
  skip: queryInt(0, PROJECTS_LIST_MAX_SKIP, 0),
  limit: queryInt(1, PROJECTS_LIST_MAX_LIMIT, SAVED_PROJECTS_PAGE_SIZE),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const projectListSchema = z.object({ projects: z.array(projectSummarySchema), totalProjectCount: count });
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectAccountParamsSchema = z.object({ accountId: idSchema });
export const projectIdParamsSchema = z.object({ id: idSchema });

/** Spec §7.5: skip = (page - 1) * size, pages counted from 1. */
export const projectsPageQuery = (page: number, size = SAVED_PROJECTS_PAGE_SIZE): ProjectListQuery => ({ skip: (page - 1) * size, limit: size });

/** How the editor is opened to continue a project: the editor's address (absolute, or relative to `base`) with projectId added. */
export function continueProjectUrl(editorUrl: string, projectId: string, base?: string): string {
  const url = new URL(editorUrl, base);
  url.searchParams.set('projectId', projectId);
  return url.toString();
}
