import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './blob-store.js';
import type { UrlSigner } from './url-signer.js';

export const BLOB_ROUTE = '/blobs';

/** Keys are paths of safe segments: no traversal outside the folder is possible. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeBlobKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').includes('..');
}

export function fsBlobStore(root: string, publicUrl: string, signer: UrlSigner): BlobStore & { pathOf(key: string): string } {
  const pathOf = (key: string) => {
    if (!isSafeBlobKey(key)) throw new Error(`Unsafe blob key ${key}`);
    return path.join(root, key);
  };
  const write = async (key: string, data: Buffer | string, copy: boolean) => {
    const target = pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    // Written to a temporary name and renamed, so a crash never leaves half a photo under its real name.
    if (copy) await fs.copyFile(data as string, temp);
    else await fs.writeFile(temp, data);
    await fs.rename(temp, target);
  };
  return {
    pathOf,
    putFile: (key, filePath) => write(key, filePath, true),
    putBuffer: (key, bytes) => write(key, bytes, false),
    async deletePrefix(prefix) {
      await fs.rm(pathOf(prefix), { recursive: true, force: true });
    },
    signedUrl(key, o) {
      return `${publicUrl}${BLOB_ROUTE}/${key}?${signer.sign(key, o?.downloadName)}`;
    },
  };
}
