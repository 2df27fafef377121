import { activationStartedSchema, activationStateSchema, photoPageSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../test/databases.js';
import { useLibraryServer } from '../test/photo-library.js';
import { bearer, signIn } from '../test/sign-in.js';
import { DEMO_LEGACY_OWNER, DEMO_LEGACY_PHOTO_COUNT, seedDemoLegacyLibrary } from './demo-legacy-library.js';

const ACTIVATE = `${SERVICE_BASE_PATHS.photoManagement}/users/activate`;

describe.each(databases)('the demo account from the older system on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('signs in to a NOT_ACTIVE library, seeded once, and activating it imports its real camera files, the damaged one counted failed', async () => {
    // Two servers starting on one new database seed at the same moment: the photos are recorded once.
    await Promise.all([seedDemoLegacyLibrary(server().db, server().activation), seedDemoLegacyLibrary(server().db, server().activation)]);
    await seedDemoLegacyLibrary(server().db, server().activation);
    const { access_token } = await signIn(server().app, DEMO_LEGACY_OWNER);
    const headers = bearer(access_token);
    const status = async () => activationStateSchema.parse((await server().app.inject({ url: ACTIVATE, headers })).json()).status;

    expect(await status()).toBe('NOT_ACTIVE');
    expect(await server().db.selectFrom('legacy_photos').select('id').execute()).toHaveLength(DEMO_LEGACY_PHOTO_COUNT);

    expect(activationStartedSchema.parse((await server().app.inject({ method: 'POST', url: ACTIVATE, headers })).json())).toEqual({ started: true });
    await expect.poll(status, { timeout: 60_000, interval: 200 }).toBe('ACTIVE');

    const photos = photoPageSchema.parse((await server().app.inject({ url: `${SERVICE_BASE_PATHS.photoManagement}/photos?sortKey=dateTaken&sortOrder=asc`, headers })).json()).images;
    expect(photos).toHaveLength(DEMO_LEGACY_PHOTO_COUNT - 1);
    expect(photos[0]).toMatchObject({ localFileName: 'DSC_0001.JPG', dateTaken: '2003-11-23T18:07:37' });
    expect(photos.map((p) => p.localFileName)).not.toContain('DSCI0001.JPG');
    // Seeding again after the activation leaves the account as it is.
    await seedDemoLegacyLibrary(server().db, server().activation);
    expect(await status()).toBe('ACTIVE');
  });
});
