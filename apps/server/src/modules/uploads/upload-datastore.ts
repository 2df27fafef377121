import { randomUUID } from 'node:crypto';
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

/** Where received upload bytes wait for their ingest: one file (and its .json) per upload, in one folder. */
export function uploadDatastore(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const store = new FileStoreInMadeFolder({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const fileOf = (uploadId: string) => path.join(dir, uploadId);
  return {
    store,
    /** Recorded on every upload created here: only this machine can finish it or tell it is gone. */
    machineId: machineIdOf(dir),
    fileOf,
    /** True when every declared byte arrived; false while receiving, or when nothing is left of it. */
    async isComplete(uploadId: string): Promise<boolean> {
      const info = await store.getUpload(uploadId).catch(() => undefined);
      return info !== undefined && info.size !== undefined && info.offset === info.size;
    },
    /** When bytes were last written to the upload (what its expiry counts from); undefined when nothing is left of it. */
    async lastWrittenAt(uploadId: string): Promise<number | undefined> {
      return (await fs.promises.stat(fileOf(uploadId)).catch(() => undefined))?.mtimeMs;
    },
    async remove(uploadId: string): Promise<void> {
      await store.remove(uploadId).catch(() => undefined);
    },
  };
}
export type UploadDatastore = ReturnType<typeof uploadDatastore>;
