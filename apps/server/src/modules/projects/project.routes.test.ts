import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  deletionInfoSchema,
  MAX_PROJECT_STATE_BYTES,
  MAX_PROJECTS_PER_CUSTOMER,
  projectListSchema,
  projectSchema,
  SERVICE_BASE_PATHS,
  type CreateProject,
  type Project,
} from '@shoebox/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { DELETION_INFO_URL, newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

const API = `${SERVICE_BASE_PATHS.projects}/api/v2`;

export const newProject = (o: Partial<CreateProject> = {}): CreateProject => ({
  id: randomUUID(),
  title: 'Summer in Porto',
  productCode: 'PAP_910',
  channel: 'www.printhaven.co.uk',
  pageCount: 1,
  thumbnailPhotoId: null,
  editorState: { prints: [{ photoId: 'p1', size: '10x15', quantity: 2 }] },
  ...o,
});

describe.each(databases)('saved projects on $name', (kind) => {
  const server = useLibraryServer(kind);
  const call = (who: TestCustomer, o: InjectOptions) => server().app.inject({ ...o, headers: { ...who.headers, ...o.headers } });
  const list = (who: TestCustomer, query = '', accountId = who.id) => call(who, { url: `${API}/projects/${accountId}${query}` });
  const create = (who: TestCustomer, body: object) => call(who, { method: 'POST', url: `${API}/projects`, payload: body });
  const open = (who: TestCustomer, id: string) => call(who, { url: `${API}/project/${id}` });
  const save = (who: TestCustomer, id: string, body: object) => call(who, { method: 'PUT', url: `${API}/project/${id}`, payload: body });
  const remove = (who: TestCustomer, id: string) => call(who, { method: 'DELETE', url: `${API}/project/${id}` });
  const rows = () => server().db.selectFrom('projects').selectAll().orderBy('id').execute();

  async function created(who: TestCustomer, o: Partial<CreateProject> = {}): Promise<Project> {
    const response = await create(who, newProject(o));
    expect(response.statusCode, response.body).toBe(201);
    return projectSchema.parse(response.json());
  }
  const expectError = (response: { statusCode: number; json(): unknown }, status: number, error: string) => {
    expect(response.statusCode).toBe(status);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status, error });
  };

  it('saves a project, opens it again with its editor state, and lists it', async () => {
    const me = await newCustomer(server());
    const body = newProject({ title: 'Kerst 2024', pageCount: 24, productCode: 'PB_A4_HARD', thumbnailPhotoId: 'photo-1', editorState: { pages: [{ layout: 'full' }] } });
    const first = await create(me, body);
    expect(first.statusCode, first.body).toBe(201);
    const project = projectSchema.parse(first.json());
    expect(project).toMatchObject({ id: body.id, title: 'Kerst 2024', productCode: 'PB_A4_HARD', channel: 'www.printhaven.co.uk', pageCount: 24, thumbnailPhotoId: 'photo-1', version: 1, editorState: body.editorState });
    const opened = await open(me, body.id);
    expect(projectSchema.parse(opened.json())).toEqual(project);
    const listing = await list(me);
    // Another person at the same browser later finds no copy of them in its cache.
    expect([first, opened, listing].map((r) => r.headers['cache-control'])).toEqual(Array(3).fill('private, no-store'));
    const listed = projectListSchema.parse(listing.json());
    expect(listed).toEqual({ totalProjectCount: 1, projects: [project].map(({ editorState: _, ...summary }) => ({ ...summary, cover: null })) });
  });

  it('the same save again (a retry, a double click) is one project: the first is the answer', async () => {
    const me = await newCustomer(server());
    const body = newProject();
    const [a, b] = await Promise.all([create(me, body), create(me, { ...body, title: 'Other title' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(projectSchema.parse(a.json())).toEqual(projectSchema.parse(b.json()));
    expect(projectListSchema.parse((await list(me)).json()).totalProjectCount).toBe(1);
  });

  it("an id another customer's project has is refused, and theirs is unchanged", async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const theirs = await created(other);
    const before = await rows();
    expectError(await create(me, newProject({ id: theirs.id, title: 'Mine now' })), 409, 'project_id_in_use');
    expect(await rows()).toEqual(before);
  });

  it('pages 10 at a time, last saved first, with the total', async () => {
    const me = await newCustomer(server());
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const p = await created(me, { title: `Project ${i}` });
      ids.push(p.id);
      // Each a millisecond later, so the order is the order of saving.
      await new Promise((r) => setTimeout(r, 2));
    }
    const page = async (n: number) => projectListSchema.parse((await list(me, `?skip=${(n - 1) * 10}&limit=10`)).json());
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.totalProjectCount)).toEqual([23, 23, 23]);
    expect(pages.map((p) => p.projects.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((p) => p.projects.map((x) => x.id))).toEqual(ids.reverse());
    expect((await page(4)).projects).toEqual([]);
    // Without skip and limit: the first page of 10.
    expect(projectListSchema.parse((await list(me)).json()).projects).toHaveLength(10);
  });

  it.each([
    ['skip below 0', '?skip=-1'],
    ['skip not a number', '?skip=abc'],
    ['skip beyond any list', '?skip=10001'],
    ['limit 0', '?limit=0'],
    ['limit above the most one call answers', '?limit=51'],
    ['limit a fraction', '?limit=2.5'],
  ])('%s is a 400', async (_, query) => {
    const me = await newCustomer(server());
    expectError(await list(me, query), 400, 'bad_request');
  });

  it("another customer's account id answers 404, never their list", async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    await created(other);
    const response = await list(me, '', other.id);
    expectError(response, 404, 'not_found');
    expect(response.body).not.toContain(other.id);
  });

  it("another customer's project: open, save and delete answer 404 and change nothing", async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const theirs = await created(other);
    const before = await rows();
    expectError(await open(me, theirs.id), 404, 'not_found');
    expectError(await save(me, theirs.id, { ...newProject({ title: 'Hijacked' }), id: undefined, version: 1 }), 404, 'not_found');
    expectError(await remove(me, theirs.id), 404, 'not_found');
    expect(await rows()).toEqual(before);
    expect(projectSchema.parse((await open(other, theirs.id)).json())).toEqual(theirs);
  });

  it('a project that does not exist answers 404 to open, save and delete', async () => {
    const me = await newCustomer(server());
    const id = randomUUID();
    expectError(await open(me, id), 404, 'not_found');
    expectError(await save(me, id, { ...newProject(), id: undefined, version: 1 }), 404, 'not_found');
    expectError(await remove(me, id), 404, 'not_found');
  });

  it('a version beyond what a save counter reaches (2^31 and up) is a 400 naming it, on both databases, and changes nothing', async () => {
    const me = await newCustomer(server());
    const project = await created(me);
    const { id: _, ...content } = newProject({ title: 'Huge version' });
    for (const version of [2 ** 31, 2 ** 53]) {
      const refused = await save(me, project.id, { ...content, version });
      expectError(refused, 400, 'bad_request');
      expect(new Set(apiErrorSchema.parse(refused.json()).issues?.map((i) => i.path))).toEqual(new Set(['version']));
    }
    expect(projectSchema.parse((await open(me, project.id)).json())).toMatchObject({ title: project.title, version: 1 });
  });

  it('saves again over the version it had; a save from an older version is a 409 and changes nothing', async () => {
    const me = await newCustomer(server());
    const project = await created(me);
    const { id: _, ...content } = newProject({ title: 'Second try', editorState: { prints: [] } });
    const saved = await save(me, project.id, { ...content, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = projectSchema.parse(saved.json());
    expect(second).toMatchObject({ title: 'Second try', version: 2, editorState: { prints: [] }, createdAt: project.createdAt });
    expect(Date.parse(second.updatedAt)).toBeGreaterThanOrEqual(Date.parse(project.updatedAt));

    const stale = await save(me, project.id, { ...content, title: 'From the other tab', version: 1 });
    expectError(stale, 409, 'project_version_conflict');
    expect(apiErrorSchema.parse(stale.json()).params).toEqual({ version: 2 });
    expect(projectSchema.parse((await open(me, project.id)).json())).toEqual(second);
  });

  it('two tabs saving from one version at once: one lands, the other is told', async () => {
    const me = await newCustomer(server());
    const project = await created(me);
    const { id: _, ...content } = newProject();
    const answers = await Promise.all(['Tab A', 'Tab B'].map((title) => save(me, project.id, { ...content, title, version: 1 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = projectSchema.parse(answers.find((a) => a.statusCode === 200)!.json());
    expect(projectSchema.parse((await open(me, project.id)).json())).toEqual(winner);
    expect(winner.version).toBe(2);
  });

  it('deletes a project; a second delete is a 404; the storage status counts one project fewer', async () => {
    const me = await newCustomer(server());
    const [a, b] = [await created(me), await created(me)];
    const projectCount = async () => deletionInfoSchema.parse((await call(me, { url: DELETION_INFO_URL })).json()).projectCount;
    expect(await projectCount()).toBe(2);

    const gone = await remove(me, a.id);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await projectCount()).toBe(1);
    expectError(await remove(me, a.id), 404, 'not_found');
    expectError(await open(me, a.id), 404, 'not_found');
    expect(projectListSchema.parse((await list(me)).json())).toMatchObject({ totalProjectCount: 1, projects: [{ id: b.id }] });
  });

  it('two deletes at once: one deletes, the other is a 404', async () => {
    const me = await newCustomer(server());
    const project = await created(me);
    const answers = await Promise.all([remove(me, project.id), remove(me, project.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect((await rows()).some((r) => r.id === project.id)).toBe(false);
  });

  it('a save racing a delete never brings the project back', async () => {
    const me = await newCustomer(server());
    const project = await created(me);
    const { id: _, ...content } = newProject();
    const [saved, removed] = await Promise.all([save(me, project.id, { ...content, version: 1 }), remove(me, project.id)]);
    expect(removed.statusCode).toBe(204);
    // The save landed first (then it was deleted) or found nothing to save.
    expect([200, 404]).toContain(saved.statusCode);
    expectError(await open(me, project.id), 404, 'not_found');
    expect(projectListSchema.parse((await list(me)).json()).totalProjectCount).toBe(0);
  });

  it(`keeps at most ${MAX_PROJECTS_PER_CUSTOMER} projects, however many saves arrive at once`, async () => {
    const me = await newCustomer(server());
    const now = new Date().toISOString();
    // All but two are there already; then ten new saves at once.
    await server()
      .db.insertInto('projects')
      .values(Array.from({ length: MAX_PROJECTS_PER_CUSTOMER - 2 }, (_, i) => ({ id: randomUUID(), customer_id: me.id, name: `Old ${i}`, created_at: now, updated_at: now })))
      .execute();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(me, newProject())));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expectError(refused, 409, 'too_many_projects');
      expect(apiErrorSchema.parse(refused.json()).params).toEqual({ limit: MAX_PROJECTS_PER_CUSTOMER });
    }
    expect(projectListSchema.parse((await list(me)).json()).totalProjectCount).toBe(MAX_PROJECTS_PER_CUSTOMER);
  });

  it.each([
    ['an editor state over the cap', { editorState: { blob: 'x'.repeat(MAX_PROJECT_STATE_BYTES) } }],
    ['an editor state that is not an object', { editorState: ['a'] }],
    ['an empty title', { title: '   ' }],
    ['a title over 120 characters', { title: 'x'.repeat(121) }],
    ['an unknown channel', { channel: 'www.example.com' }],
    ['a product code that is not one', { productCode: 'pap 910' }],
    ['no pages', { pageCount: 0 }],
    ['an id that is not a uuid', { id: 'my-project' }],
    ['an id in upper case', { id: randomUUID().toUpperCase() }],
  ])('a save with %s is a 400 and keeps nothing', async (_, change) => {
    const me = await newCustomer(server());
    const project = await created(me);
    const before = await rows();
    expectError(await create(me, { ...newProject(), ...change }), 400, 'bad_request');
    const { id: __, ...content } = { ...newProject(), ...change };
    if (!('id' in change)) expectError(await save(me, project.id, { ...content, version: 1 }), 400, 'bad_request');
    expect(await rows()).toEqual(before);
  });

  it('a save without the version it was made from is a 400', async () => {
    const me = await newCustomer(server());
    const project = await created(me);
    const { id: _, ...content } = newProject();
    expectError(await save(me, project.id, content), 400, 'bad_request');
  });

  it('answers 401 without a token', async () => {
    const me = await newCustomer(server());
    const response = await server().app.inject({ url: `${API}/projects/${me.id}` });
    expectError(response, 401, 'unauthorized');
  });
});
