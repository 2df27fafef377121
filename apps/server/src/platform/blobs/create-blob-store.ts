import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { getOrCreateSecret } from '../auth/secrets.js';
import type { Db } from '../db/database.js';
import type { BlobStore } from './blob-store.js';
import { fsBlobStore } from './fs-blob-store.js';
import { urlSigner, type UrlSigner } from './url-signer.js';

/** The blob store the config names; a local folder's also with what its routes serve files by (blob-routes.ts). */
export async function createBlobStore(config: Pick<Config, 'blobs' | 'publicUrl'>, db: Db): Promise<{ blobs: BlobStore; localFolder?: { root: string; signer: UrlSigner } }> {
  if (config.blobs.kind === 's3') {
    // Loaded only here: the AWS SDK weighs on every start that does not use it.
    const { s3BlobStore } = await import('./s3-blob-store.js');
    return { blobs: s3BlobStore(config.blobs) };
  }
  // The local folder's URLs are signed by this server, with a key every machine shares through the database.
  const signer = urlSigner(await getOrCreateSecret(db, 'blobs.url-key', () => randomBytes(32).toString('base64url')));
  return { blobs: fsBlobStore(config.blobs.dir, config.publicUrl, signer), localFolder: { root: config.blobs.dir, signer } };
}
