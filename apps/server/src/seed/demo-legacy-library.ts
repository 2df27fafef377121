import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_PACKAGE_DIR } from '../platform/runtime/server-package.js';
import type { Db } from '../platform/db/database.js';
import type { LegacyPhotoFile, LibraryActivationService } from '../modules/library-activation/library-activation.service.js';

export const DEMO_LEGACY_OWNER = 'ines@example.com';

/** The source tree's folders of real camera files, wherever the server runs from: the build copies no pictures. */
const LEGACY_LIBRARY = pathToFileURL(path.join(SERVER_PACKAGE_DIR, 'src/seed/legacy-library/'));
const HEIC_FIXTURES = pathToFileURL(path.join(SERVER_PACKAGE_DIR, 'src/modules/uploads/ingest/fixtures/'));

/** What the older system kept: each file under the name it was uploaded with, for an order or project, on its day. */
const DEMO_LEGACY_PHOTOS: { file: URL; fileName: string; uploadedAt: string }[] = [
  { file: new URL('nikon-d2h.jpg', LEGACY_LIBRARY), fileName: 'DSC_0001.JPG', uploadedAt: '2004-01-10T19:12:00.000Z' },
  { file: new URL('gps-tagged.jpg', LEGACY_LIBRARY), fileName: 'IMG_0412.JPG', uploadedAt: '2014-05-02T08:30:00.000Z' },
  { file: new URL('iphone-4s.jpg', LEGACY_LIBRARY), fileName: 'IMG_1093.JPG', uploadedAt: '2014-09-03T20:05:00.000Z' },
  { file: new URL('damaged-dsci0001.jpg', LEGACY_LIBRARY), fileName: 'DSCI0001.JPG', uploadedAt: '2015-02-07T11:00:00.000Z' },
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ file: new URL(`orientation-${n}.jpg`, LEGACY_LIBRARY), fileName: `letter-f-${n}.jpg`, uploadedAt: `2016-06-0${n}T09:00:00.000Z` })),
  { file: new URL('datetime-only.heic', HEIC_FIXTURES), fileName: 'IMG_2201.HEIC', uploadedAt: '2022-11-20T16:40:00.000Z' },
  { file: new URL('photo.heic', HEIC_FIXTURES), fileName: 'IMG_1874.HEIC', uploadedAt: '2021-08-30T18:00:00.000Z' },
  { file: new URL('android-datetime-only.heic', HEIC_FIXTURES), fileName: 'PXL_20230218.heic', uploadedAt: '2023-03-01T12:00:00.000Z' },
];
export const DEMO_LEGACY_PHOTO_COUNT = DEMO_LEGACY_PHOTOS.length;

/**
 * Gives the demo account from the older system its photos there, outside its library, once: its
 * library is NOT_ACTIVE until it is activated. An account that has them (or whose library has another
 * status) is left as it is, so a restart or an activation already done changes nothing.
 */
export async function seedDemoLegacyLibrary(db: Db, activation: LibraryActivationService): Promise<void> {
  const owner = await db.selectFrom('identities').select('customer_id').where('email', '=', DEMO_LEGACY_OWNER).executeTakeFirst();
  if (!owner) return;
  const known = await db.selectFrom('library_activations').select('status').where('customer_id', '=', owner.customer_id).executeTakeFirst();
  if (known) return;
  const files: LegacyPhotoFile[] = DEMO_LEGACY_PHOTOS.map((p) => ({ fileName: p.fileName, uploadedAt: p.uploadedAt, filePath: fileURLToPath(p.file) }));
  await activation.addLegacyPhotos(owner.customer_id, files, { onlyIfNew: true });
}
