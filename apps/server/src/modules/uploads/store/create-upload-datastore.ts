import type { Config } from '../../../config.js';
import type { Db } from '../../../platform/db/database.js';
import { folderUploadDatastore } from './folder-datastore.js';
import type { UploadDatastore } from './upload-datastore.js';

/** The bucket's store when the photos are in one (many machines), the machine's folder otherwise. */
export async function createUploadDatastore(config: Pick<Config, 'blobs' | 'uploadsDir'>, db: Db): Promise<UploadDatastore> {
  if (config.blobs.kind === 's3') {
    // Loaded only here, as the blob store's SDK is.
    const { bucketUploadDatastore } = await import('./bucket-datastore.js');
    return bucketUploadDatastore(config.blobs, { db, workDir: config.uploadsDir });
  }
  return folderUploadDatastore(config.uploadsDir);
}
