import fs from 'node:fs/promises';
import path from 'node:path';
import { checkedBlobKey, type BlobStore } from './blob-store.js';
import type { UrlSigner } from './url-signer.js';

export const BLOB_ROUTE = '/blobs';

export function fsBlobStore(root: string, publicUrl: string, signer: UrlSigner): BlobStore & { pathOf(key: string): string } {
  const pathOf = (key: string) => path.join(root, checkedBlobKey(key));
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
