import { randomUUID } from 'node:crypto';
import { apiErrorSchema, downloadCreatedSchema } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { insertAlbum } from '../../test/albums.js';
import { downloadCalls, downloadSetups, useDownloadServer, fetchSigned, openZip } from '../../test/downloads.js';
import { newCustomer, storePhotos } from '../../test/photo-library.js';

describe.each(downloadSetups)('downloading a shared album’s photos on $name', (setup) => {
  const server = useDownloadServer(setup);
  const calls = downloadCalls(server);

  /** An owner's shared album with a participant: the owner's photo and the participant's beside it. */
  async function sharedAlbum() {
    const [owner, participant, outsider] = [await newCustomer(server()), await newCustomer(server()), await newCustomer(server())];
    const [ownersPhoto, notInAlbum] = await storePhotos(server(), owner.id, [{ name: 'owner.jpg' }, { name: 'private.jpg' }]);
    const [participantsPhoto] = await storePhotos(server(), participant.id, [{ name: 'participant.jpg' }]);
    await insertAlbum(server(), {
      ownerId: owner.id,
      participants: [participant.id],
      photos: [
        { photoId: ownersPhoto!.photoId, ownerId: owner.id },
        { photoId: participantsPhoto!.photoId, ownerId: participant.id },
      ],
    });
    return { owner, participant, outsider, ownersPhoto: ownersPhoto!, participantsPhoto: participantsPhoto!, notInAlbum: notInAlbum! };
  }

  const rowsOf = (customerId: string) => server().db.selectFrom('downloads').selectAll().where('customer_id', '=', customerId).execute();

  it('a participant downloads the album’s photos, the owner’s and their own, byte for byte', async () => {
    const { owner, participant, ownersPhoto, participantsPhoto } = await sharedAlbum();
    const body = { id: randomUUID(), photos: [{ photoId: ownersPhoto.photoId, ownerId: owner.id }, { photoId: participantsPhoto.photoId, ownerId: participant.id }] };

    const response = await calls.postShared(participant, body);
    expect(response.statusCode).toBe(202);
    expect(downloadCreatedSchema.parse(response.json())).toEqual({ id: body.id, name: null, photos: [ownersPhoto.photoId, participantsPhoto.photoId] });
    expect(await calls.settled(participant, body.id)).toMatchObject({ state: 'ready', photosCount: 2 });

    const link = await calls.url(participant, body.id);
    expect(link.statusCode).toBe(200);
    const { bytes } = await fetchSigned(server(), (link.json() as { url: string }).url);
    const files = await openZip(bytes);
    expect(files.get('owner.jpg')).toEqual(ownersPhoto.bytes);
    expect(files.get('participant.jpg')).toEqual(participantsPhoto.bytes);
    // The archive is the participant's: the owner neither lists it nor gets its link.
    expect((await calls.items(owner)).map((i) => i.id)).not.toContain(body.id);
    expect((await calls.url(owner, body.id)).statusCode).toBe(404);
  });

  it('the owner downloads a participant’s photo of their shared album', async () => {
    const { owner, participant, participantsPhoto } = await sharedAlbum();
    const id = randomUUID();
    expect((await calls.postShared(owner, { id, photos: [{ photoId: participantsPhoto.photoId, ownerId: participant.id }] })).statusCode).toBe(202);
    expect(await calls.settled(owner, id)).toMatchObject({ state: 'ready', photosCount: 1 });
  });

  it('an id another customer used for the very same photos is a 409: their archive is theirs alone', async () => {
    const { owner, participant, ownersPhoto } = await sharedAlbum();
    const body = { id: randomUUID(), photos: [{ photoId: ownersPhoto.photoId, ownerId: owner.id }] };
    expect((await calls.postShared(participant, body)).statusCode).toBe(202);

    const response = await calls.postShared(owner, body);
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json()).error).toBe('download_id_in_use');
    expect(await rowsOf(owner.id)).toEqual([]);
    expect((await calls.url(owner, body.id)).statusCode).toBe(404);
  });

  it('a photo given with the wrong owner is a 400 naming it; nothing is made', async () => {
    const { owner, participant, ownersPhoto, participantsPhoto } = await sharedAlbum();
    const response = await calls.postShared(participant, {
      id: randomUUID(),
      photos: [{ photoId: participantsPhoto.photoId, ownerId: participant.id }, { photoId: ownersPhoto.photoId, ownerId: participant.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ error: 'wrong_photo_owner', params: { photoId: ownersPhoto.photoId } });
    expect(await rowsOf(participant.id)).toEqual([]);
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  it('an outsider, or a photo in none of the caller’s shared albums, is a 404 naming nothing; nothing is made', async () => {
    const { owner, participant, outsider, ownersPhoto, notInAlbum } = await sharedAlbum();
    const refused = [
      [outsider, [{ photoId: ownersPhoto.photoId, ownerId: owner.id }]],
      [participant, [{ photoId: notInAlbum.photoId, ownerId: owner.id }]],
      [participant, [{ photoId: ownersPhoto.photoId, ownerId: owner.id }, { photoId: randomUUID(), ownerId: owner.id }]],
    ] as const;
    for (const [who, photos] of refused) {
      const response = await calls.postShared(who, { id: randomUUID(), photos });
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error).toBe('not_found');
      expect(response.body).not.toContain(notInAlbum.photoId);
    }
    // The photos are the owner's, but the own-photos call is not a way into another's library either.
    expect((await calls.post(participant, { id: randomUUID(), photos: [ownersPhoto.photoId] })).statusCode).toBe(404);
    for (const who of [owner, participant, outsider]) expect(await rowsOf(who.id)).toEqual([]);
  });

  it('refuses duplicates, an empty list and more than 100 with 400', async () => {
    const { owner, participant, ownersPhoto } = await sharedAlbum();
    const ref = { photoId: ownersPhoto.photoId, ownerId: owner.id };
    for (const photos of [[], [ref, ref], Array.from({ length: 101 }, () => ({ photoId: randomUUID(), ownerId: owner.id })), [{ photoId: ownersPhoto.photoId }]]) {
      const response = await calls.postShared(participant, { id: randomUUID(), photos });
      expect(response.statusCode).toBe(400);
    }
    expect(await rowsOf(participant.id)).toEqual([]);
  });
});
