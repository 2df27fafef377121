import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';

/** An upload nothing was sent to for this long is given up: its bytes are removed and its place freed. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * The tus file store, minus the folder it makes in the background from its constructor: that mkdir
 * outlives a server stopped at once and throws where nothing can catch it once the folder is gone.
 * uploadDatastore makes the folder itself, before anything uses it.
 */
class FileStoreInMadeFolder extends FileStore {}
// Its typings call the method private; the constructor calls it through `this`, so this one runs.
Object.defineProperty(FileStoreInMadeFolder.prototype, 'checkOrCreateDirectory', { value: () => undefined });

/** Where received upload bytes wait for their ingest: one file (and its .json) per upload, in one folder. */
export function uploadDatastore(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const store = new FileStoreInMadeFolder({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  return {
    store,
    fileOf: (uploadId: string) => path.join(dir, uploadId),
    /** True when every declared byte arrived; false while receiving, or when nothing is left of it. */
    async isComplete(uploadId: string): Promise<boolean> {
      const info = await store.getUpload(uploadId).catch(() => undefined);
      return info !== undefined && info.size !== undefined && info.offset === info.size;
    },
    /** When bytes were last written to the upload (what its expiry counts from); undefined when nothing is left of it. */
    async lastWrittenAt(uploadId: string): Promise<number | undefined> {
      return (await fs.promises.stat(path.join(dir, uploadId)).catch(() => undefined))?.mtimeMs;
    },
    async remove(uploadId: string): Promise<void> {
      await store.remove(uploadId).catch(() => undefined);
    },
  };
}
export type UploadDatastore = ReturnType<typeof uploadDatastore>;
