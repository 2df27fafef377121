import { randomUUID } from 'node:crypto';
import { pictureSchema, projectListSchema, SERVICE_BASE_PATHS, type CreateProject, type Picture } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, PHOTOS_API, relative, storePhotos, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

const API = `${SERVICE_BASE_PATHS.projects}/api/v2`;

const newProject = (title: string, thumbnailPhotoId: string | null): CreateProject => ({
  id: randomUUID(),
  title,
  productCode: 'PAP_910',
  channel: 'www.printhaven.co.uk',
  pageCount: 1,
  thumbnailPhotoId,
  editorState: {},
});

describe.each(databases)('saved projects show their cover on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function saveProject(who: TestCustomer, title: string, thumbnailPhotoId: string | null): Promise<string> {
    const response = await server().app.inject({ method: 'POST', url: `${API}/projects`, headers: who.headers, payload: newProject(title, thumbnailPhotoId) });
    expect(response.statusCode, response.body).toBe(201);
    return title;
  }
  async function covers(who: TestCustomer): Promise<{ byTitle: Map<string, Picture | null>; body: string }> {
    const response = await server().app.inject({ url: `${API}/projects/${who.id}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return { byTitle: new Map(projectListSchema.parse(response.json()).projects.map((p) => [p.title, p.cover])), body: response.body };
  }
  async function smallestRendition(photoId: string): Promise<{ size: number; width: number; height: number }> {
    const row = await server().db.selectFrom('photos').select('renditions').where('id', '=', photoId).executeTakeFirstOrThrow();
    return (JSON.parse(row.renditions) as { size: number; width: number; height: number }[]).reduce((a, b) => (b.size < a.size ? b : a));
  }

  it("is the owner's photo's smallest thumbnail, as a signed URL that serves it; a project without a photo has none", async () => {
    const me = await newCustomer(server());
    const [photo] = await storePhotos(server(), me.id, [{ width: 1600, height: 1200 }]);
    await saveProject(me, 'With cover', photo!.photoId);
    await saveProject(me, 'Without cover', null);

    const { byTitle } = await covers(me);
    expect(byTitle.get('Without cover')).toBeNull();
    const cover = pictureSchema.parse(byTitle.get('With cover'));
    const smallest = await smallestRendition(photo!.photoId);
    expect(smallest.size).toBe(300);
    expect(cover).toMatchObject({ width: smallest.width, height: smallest.height });
    expect(new URL(cover.url).pathname).toMatch(new RegExp(`/photos/${me.id}/${photo!.photoId}/300\\.jpg$`));

    // The URL needs no token: an <img> loads it.
    const image = await server().app.inject({ url: relative(cover.url) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Tampered with, it serves nothing.
    const tampered = new URL(cover.url);
    tampered.pathname = tampered.pathname.replace('/300.jpg', '/1300.jpg');
    expect((await server().app.inject({ url: relative(tampered.toString()) })).statusCode).toBe(403);
  });

  it('is in the published API document of the list', async () => {
    const doc = (await server().app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>> }>();
    const schema = doc.paths[`${API}/projects/{accountId}`]?.get?.responses['200']?.content['application/json']?.schema as {
      properties: { projects: { items: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(schema.properties.projects.items.required).toContain('cover');
    expect(JSON.stringify(schema.properties.projects.items.properties.cover)).toMatch(/"url"[\s\S]*"width"[\s\S]*"height"/);
  });

  it("another customer's photo id never yields a URL, while its owner's project shows it", async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const [theirs] = await storePhotos(server(), other.id, [{ width: 800, height: 600 }]);
    await saveProject(me, 'Borrowed cover', theirs!.photoId);
    await saveProject(other, 'Their own', theirs!.photoId);

    const mine = await covers(me);
    expect(mine.byTitle.get('Borrowed cover')).toBeNull();
    expect(mine.body).not.toContain(`/photos/${other.id}`);
    expect((await covers(other)).byTitle.get('Their own')?.url).toContain(`/photos/${other.id}/${theirs!.photoId}/`);
  });

  it('a photo deleted from the library leaves its project without a cover; the others keep theirs', async () => {
    const me = await newCustomer(server());
    const [kept, deleted] = await storePhotos(server(), me.id, [{ width: 800, height: 600 }, { width: 600, height: 800 }]);
    await saveProject(me, 'Kept', kept!.photoId);
    await saveProject(me, 'Deleted', deleted!.photoId);
    expect((await covers(me)).byTitle.get('Deleted')).not.toBeNull();

    const gone = await server().app.inject({ method: 'DELETE', url: `${PHOTOS_API}/photos/${deleted!.photoId}`, headers: me.headers });
    expect(gone.statusCode, gone.body).toBe(204);

    const { byTitle } = await covers(me);
    expect(byTitle.get('Deleted')).toBeNull();
    expect(byTitle.get('Kept')?.url).toContain(`/${kept!.photoId}/`);
  });
});
