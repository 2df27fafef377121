import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { UPLOAD_EXPIRY_MS, type UploadDatastore } from './upload-datastore.js';

/**
 * The tus file store, minus the folder it makes in the background from its constructor: that mkdir
 * outlives a server stopped at once and throws where nothing can catch it once the folder is gone.
 * folderUploadDatastore makes the folder itself, before anything uses it.
 */
class FileStoreInMadeFolder extends FileStore {}
// Its typings call the method private; the constructor calls it through `this`, so this one runs.
Object.defineProperty(FileStoreInMadeFolder.prototype, 'checkOrCreateDirectory', { value: () => undefined });

/** The file in the upload folder that names the machine holding it (tus lists only files with a .json beside them). */
const MACHINE_ID_FILE = 'machine-id';

/**
 * The id of the machine whose upload folder this is, made at its first start and kept in the folder: a
 * restart with the same DATA_DIR keeps it, and it names exactly the machine that holds these files.
 */
function machineIdOf(dir: string): string {
  const file = path.join(dir, MACHINE_ID_FILE);
  const made = `${file}.${randomUUID()}`;
  fs.writeFileSync(made, randomUUID());
  // A link never replaces a file: of two datastores made at once over one folder, the first id wins for both.
  try {
    fs.linkSync(made, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(made, { force: true });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Received upload bytes in this machine's folder: one file (and its .json) per upload. */
export function folderUploadDatastore(dir: string): UploadDatastore {
  fs.mkdirSync(dir, { recursive: true });
  const store = new FileStoreInMadeFolder({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const fileOf = (uploadId: string) => path.join(dir, uploadId);
  const isComplete = async (uploadId: string) => {
    const info = await store.getUpload(uploadId).catch(() => undefined);
    return info !== undefined && info.size !== undefined && info.offset === info.size;
  };
  return {
    store,
    machineId: machineIdOf(dir),
    // Only this machine holds the bytes: the process's own lock is the upload's.
    locker: (local) => local,
    alone: (_uploadId, work) => work(),
    async localFile(uploadId) {
      return fs.existsSync(fileOf(uploadId)) ? { path: fileOf(uploadId), release: async () => undefined } : undefined;
    },
    isComplete,
    async lastWrittenAt(uploadId) {
      return (await fs.promises.stat(fileOf(uploadId)).catch(() => undefined))?.mtimeMs;
    },
    async remove(uploadId) {
      await store.remove(uploadId).catch(() => undefined);
    },
    async deleteExpired() {
      await store.deleteExpired();
    },
  };
}
