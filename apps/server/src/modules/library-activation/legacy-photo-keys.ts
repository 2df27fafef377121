/**
 * Where a legacy photo's original bytes live: under a prefix of their own, apart from the library's
 * photos (platform/blobs/photo-blob-keys.ts), so nothing that sweeps or serves library photos touches them.
 */
const LEGACY_ROOT = 'legacy-photos';

export const legacyPhotoKey = (customerId: string, legacyPhotoId: string) => `${LEGACY_ROOT}/${customerId}/${legacyPhotoId}/original`;
