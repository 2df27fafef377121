import { projectListSchema, projectSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../test/databases.js';
import { insertPhotoRows, useLibraryServer } from '../test/photo-library.js';
import { bearer, signIn } from '../test/sign-in.js';
import { DEMO_PROJECT_COUNTS, seedDemoProjects } from './demo-projects.js';

const API = `${SERVICE_BASE_PATHS.projects}/api/v2`;

describe.each(databases)('the demo projects on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function projectsOf(email: string, skip = 0) {
    const { access_token } = await signIn(server().app, email);
    const customer = await server().db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const response = await server().app.inject({ url: `${API}/projects/${customer.id}?skip=${skip}&limit=10`, headers: bearer(access_token) });
    expect(response.statusCode, response.body).toBe(200);
    return { list: projectListSchema.parse(response.json()), headers: bearer(access_token) };
  }

  it('gives every consumer a few projects, Emma more than a page, made of their own photos; business accounts none', async () => {
    const emma = await server().db.selectFrom('customers').select('id').where('email', '=', 'emma@example.com').executeTakeFirstOrThrow();
    const photos = await insertPhotoRows(server(), emma.id, Array.from({ length: 6 }, () => ({})));
    await seedDemoProjects(server().db);

    const first = await projectsOf('emma@example.com');
    expect(first.list.totalProjectCount).toBe(13);
    expect(first.list.projects).toHaveLength(10);
    expect((await projectsOf('emma@example.com', 10)).list.projects).toHaveLength(3);
    const newest = first.list.projects[0]!;
    const opened = await server().app.inject({ url: `${API}/project/${newest.id}`, headers: first.headers });
    const project = projectSchema.parse(opened.json());
    expect(project.productCode).toBe('PAP_910');
    const lines = (project.editorState as { lines: { photoId: string }[] }).lines;
    expect(lines.length).toBeGreaterThan(0);
    expect(photos.map((p) => p.id)).toEqual(expect.arrayContaining(lines.map((l) => l.photoId)));

    // Six photos for 13 projects: gone round again, so every project shows one of hers as its cover.
    const all = [...first.list.projects, ...(await projectsOf('emma@example.com', 10)).list.projects];
    expect(all.map((p) => photos.some((photo) => p.thumbnailPhotoId === photo.id && p.cover?.url.includes(`/${photo.id}/`)))).toEqual(Array(13).fill(true));

    for (const [email, count] of Object.entries(DEMO_PROJECT_COUNTS)) expect((await projectsOf(email)).list.totalProjectCount).toBe(count);
    for (const email of ['daan@example.com', 'nora@example.com', 'bram@example.com']) expect((await projectsOf(email)).list.totalProjectCount).toBe(0);
  });

  it('projects seeded before the account had photos get them and a cover later, unless the customer saved them since', async () => {
    await seedDemoProjects(server().db);
    const before = await projectsOf('sofia@example.com');
    expect(before.list.projects.map((p) => [p.thumbnailPhotoId, p.cover])).toEqual(Array(3).fill([null, null]));
    // The customer saves one again, still without photos: that one is theirs now.
    const [saved, ...untouched] = before.list.projects;
    const resaved = await server().app.inject({
      method: 'PUT',
      url: `${API}/project/${saved!.id}`,
      headers: before.headers,
      payload: { title: saved!.title, productCode: saved!.productCode, channel: saved!.channel, pageCount: 1, thumbnailPhotoId: null, editorState: { lines: [] }, version: 1 },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);

    const sofia = await server().db.selectFrom('customers').select('id').where('email', '=', 'sofia@example.com').executeTakeFirstOrThrow();
    const photos = await insertPhotoRows(server(), sofia.id, Array.from({ length: 9 }, () => ({})));
    await seedDemoProjects(server().db);
    const rowsAfter = () => server().db.selectFrom('projects').selectAll().where('customer_id', '=', sofia.id).orderBy('id').execute();
    const once = await rowsAfter();
    await seedDemoProjects(server().db);
    expect(await rowsAfter()).toEqual(once);

    const after = new Map((await projectsOf('sofia@example.com')).list.projects.map((p) => [p.id, p]));
    expect(after.get(saved!.id)).toMatchObject({ thumbnailPhotoId: null, cover: null, version: 2 });
    for (const { id } of untouched) {
      const project = after.get(id)!;
      expect(photos.map((p) => p.id)).toContain(project.thumbnailPhotoId);
      expect(project.cover?.url).toContain(`/${project.thumbnailPhotoId}/`);
      expect(project.version).toBe(1);
      const opened = projectSchema.parse((await server().app.inject({ url: `${API}/project/${id}`, headers: before.headers })).json());
      expect((opened.editorState as { lines: { photoId: string }[] }).lines.map((l) => l.photoId)).toContain(project.thumbnailPhotoId);
    }
  });

  it('seeds once, however often it runs; a project the customer deleted stays deleted', async () => {
    await seedDemoProjects(server().db);
    await seedDemoProjects(server().db);
    const { list, headers } = await projectsOf('lars@example.com');
    expect(list.totalProjectCount).toBe(3);
    const gone = await server().app.inject({ method: 'DELETE', url: `${API}/project/${list.projects[0]!.id}`, headers });
    expect(gone.statusCode).toBe(204);
    await seedDemoProjects(server().db);
    expect((await projectsOf('lars@example.com')).list.totalProjectCount).toBe(2);
  });
});
