import {
  MAX_PROJECTS_PER_CUSTOMER,
  type CreateProject,
  type Picture,
  type Project,
  type ProjectList,
  type ProjectListQuery,
  type ProjectSummary,
  type UpdateProject,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { ProjectContentRow, ProjectRepository, ProjectRow } from './project.repository.js';

const projectNotFound = () => notFound('Project not found');
/** The same id was used for another customer's project: one answer, so it says nothing of the other. */
const idInUse = () => new AppError(409, 'project_id_in_use', 'This project id belongs to another project');
const tooManyProjects = () =>
  new AppError(409, 'too_many_projects', `At most ${MAX_PROJECTS_PER_CUSTOMER} projects can be saved; delete one to save another`, undefined, {
    limit: MAX_PROJECTS_PER_CUSTOMER,
  });
/** Another save (another tab, another device) came in since the editor opened the project. */
const versionConflict = (current: ProjectRow) =>
  new AppError(409, 'project_version_conflict', 'The project was saved elsewhere since it was opened; open it again to continue', undefined, {
    version: current.version,
  });

/**
 * The photos module's answer for covers: of the ids, those that are the customer's own photos, each as one
 * small signed picture; another customer's photo or one deleted since is left out. Wired by the composition
 * root, so this module never reads the photos table itself.
 */
export type CoversOf = (customerId: string, photoIds: readonly string[]) => Promise<ReadonlyMap<string, Picture>>;

type ProjectFields = Omit<Project, 'editorState'>;

const fieldsOf = (row: ProjectRow): ProjectFields => ({
  id: row.id,
  title: row.name,
  productCode: row.product_code,
  channel: row.channel,
  pageCount: row.page_count,
  thumbnailPhotoId: row.thumbnail_photo_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  version: Number(row.version),
});
const projectOf = (row: ProjectRow): Project => ({ ...fieldsOf(row), editorState: JSON.parse(row.editor_state) as Project['editorState'] });

const contentRow = (content: Omit<UpdateProject, 'version'>, savedAt: string): ProjectContentRow => ({
  name: content.title,
  product_code: content.productCode,
  channel: content.channel,
  page_count: content.pageCount,
  thumbnail_photo_id: content.thumbnailPhotoId,
  editor_state: JSON.stringify(content.editorState),
  updated_at: savedAt,
});

export function projectService(repo: ProjectRepository, coversOf: CoversOf, now: () => number = Date.now) {
  return {
    /**
     * Only the caller's own account: any other account id is not found, as if it did not exist. Each project
     * comes with its cover, looked up among the caller's own photos only: the editor stores whatever id it is
     * sent, so an id of another customer's photo must never become a URL of it.
     */
    async list(identity: Identity, accountId: string, query: ProjectListQuery): Promise<ProjectList> {
      if (accountId !== identity.customerId) throw notFound('Account not found');
      const { rows, total } = await repo.page(identity.customerId, query.skip, query.limit);
      const photoIds = rows.flatMap((row) => (row.thumbnail_photo_id ? [row.thumbnail_photo_id] : []));
      const covers = photoIds.length ? await coversOf(identity.customerId, photoIds) : new Map<string, Picture>();
      const summaryOf = (row: ProjectRow): ProjectSummary => ({
        ...fieldsOf(row),
        cover: row.thumbnail_photo_id === null ? null : (covers.get(row.thumbnail_photo_id) ?? null),
      });
      return { projects: rows.map(summaryOf), totalProjectCount: total };
    },

    async get(identity: Identity, id: string): Promise<Project> {
      const row = await repo.find(identity.customerId, id);
      if (!row) throw projectNotFound();
      return projectOf(row);
    },

    /** The first save. `created` is false when the same request came before: the project saved then is the answer. */
    async create(identity: Identity, { id, ...content }: CreateProject): Promise<{ created: boolean; project: Project }> {
      const savedAt = new Date(now()).toISOString();
      const outcome = await repo.create({ id, customer_id: identity.customerId, created_at: savedAt, ...contentRow(content, savedAt) }, MAX_PROJECTS_PER_CUSTOMER);
      if (outcome.created) return { created: true, project: projectOf(outcome.row) };
      if ('existing' in outcome) return { created: false, project: projectOf(outcome.existing) };
      if ('taken' in outcome) throw idInUse();
      if ('full' in outcome) throw tooManyProjects();
      throw notFound('Customer not found');
    },

    async update(identity: Identity, id: string, { version, ...content }: UpdateProject): Promise<Project> {
      const outcome = await repo.update(identity.customerId, id, version, contentRow(content, new Date(now()).toISOString()));
      if ('saved' in outcome) return projectOf(outcome.saved);
      if ('conflict' in outcome) throw versionConflict(outcome.conflict);
      throw projectNotFound();
    },

    async delete(identity: Identity, id: string): Promise<void> {
      if (!(await repo.delete(identity.customerId, id))) throw projectNotFound();
    },
  };
}
export type ProjectService = ReturnType<typeof projectService>;
