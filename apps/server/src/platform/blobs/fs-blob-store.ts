import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobNotFoundError, checkedBlobKey, type BlobStore } from './blob-store.js';
import type { UrlSigner } from './url-signer.js';

export const BLOB_ROUTE = '/blobs';
/**
 * Partial writes live here, inside the root so the final rename stays on one filesystem; the leading
 * dot keeps the folder out of reach of every key (keys start with a letter or digit) and of the blob route.
 */
export const PARTIAL_DIR = '.partial';
/** Big reads: archives stream hundreds of multi-megabyte photos, and fewer, larger reads are cheaper. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** A partial's name starts with this of its key, so a later write of the key finds what an earlier, stopped one left. */
const keyTag = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Niceness of the process removing a tree: the server's own requests come first, the removal takes the rest. */
const TREE_REMOVER_NICENESS = 19;

/**
 * Removes a folder tree (a deleted account's 100,000 photo folders) with `rm -rf` in a process of its own at
 * a lower priority: done here, each of hundreds of thousands of unlinks would cost the event loop a
 * callback and the I/O pool a turn. False when no `rm` could be started (the caller removes it itself).
 */
function removeTreeAside(dir: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn('rm', ['-rf', '--', dir], { stdio: 'ignore' });
    child.once('spawn', () => {
      try {
        os.setPriority(child.pid!, TREE_REMOVER_NICENESS);
      } catch {
        // Left at the server's priority where it may not be lowered.
      }
    });
    child.once('error', () => resolve(false));
    child.once('exit', (code, signal) => (code === 0 ? resolve(true) : reject(new Error(`rm -rf ${dir} ended with ${code ?? signal}`))));
  });
}

export function fsBlobStore(root: string, publicUrl: string, signer: UrlSigner, now: () => number = () => Date.now()): BlobStore & { pathOf(key: string): string } {
  const pathOf = (key: string) => path.join(root, checkedBlobKey(key));
  const partials = path.join(root, PARTIAL_DIR);
  const partialPath = async (key: string) => {
    await fs.mkdir(partials, { recursive: true });
    return path.join(partials, `${keyTag(key)}-${randomUUID()}.tmp`);
  };
  /** The partial writes' file names; none before the first write made the folder. */
  const listPartials = () =>
    fs.readdir(partials).catch((err: unknown) => {
      if (isMissing(err)) return [];
      throw err;
    });
  /**
   * Removes the partials of earlier writes of this key, left by a process stopped mid-write (kill -9), so
   * the re-run of its job leaves none behind. Only a stopped write can own them: a key has one writer at
   * a time, because archives and export chunks are written by their job, which a lease keeps to one runner.
   */
  const clearStoppedWrites = async (key: string) => {
    const tag = `${keyTag(key)}-`;
    const names = await listPartials();
    await Promise.all(names.filter((name) => name.startsWith(tag)).map((name) => fs.rm(path.join(partials, name), { force: true })));
  };
  /** Moves a finished partial write under its key; a crash before it leaves the key as it was. */
  const publish = async (temp: string, key: string) => {
    const target = pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temp, target);
  };
  const write = async (key: string, data: Buffer | string, copy: boolean) => {
    checkedBlobKey(key);
    const temp = await partialPath(key);
    try {
      if (copy) await fs.copyFile(data as string, temp);
      else await fs.writeFile(temp, data);
      await publish(temp, key);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  };
  return {
    pathOf,
    // The folder is made with the first photo: one that can be made (and written to) is ready.
    async ping() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fsConstants.W_OK);
    },
    putFile: (key, filePath) => write(key, filePath, true),
    putBuffer: (key, bytes) => write(key, bytes, false),
    async deletePrefix(prefix) {
      // A photo's folder holds files only: unlinking them and removing the folder is half the calls of a
      // recursive rm, which matters when a deleted account's 100,000 folders go. Anything else falls back to it.
      const dir = pathOf(prefix);
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: unknown) => (isMissing(err) ? [] : undefined));
      if (entries?.every((e) => e.isFile())) {
        await Promise.all(entries.map((e) => fs.unlink(path.join(dir, e.name)).catch((err: unknown) => (isMissing(err) ? undefined : Promise.reject(err)))));
        if (await fs.rmdir(dir).then(() => true, (err: unknown) => isMissing(err))) return;
      }
      if (entries?.length && (await removeTreeAside(dir))) return;
      await fs.rm(dir, { recursive: true, force: true });
    },
    signedUrl(key, o) {
      return `${publicUrl}${BLOB_ROUTE}/${key}?${signer.sign(key, o?.downloadName)}`;
    },
    async read(key) {
      const handle = await fs.open(pathOf(key), 'r').catch((err: unknown) => {
        throw isMissing(err) ? new BlobNotFoundError(key) : err;
      });
      return handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES });
    },
    async writeStream(key: string, body: Readable) {
      checkedBlobKey(key);
      await clearStoppedWrites(key);
      const temp = await partialPath(key);
      const handle = await fs.open(temp, 'wx');
      let bytes = 0;
      try {
        // Each chunk is written before the next is read: the body is never read faster than the disk takes it.
        for await (const chunk of body) {
          const buffer = chunk as Buffer;
          await handle.write(buffer);
          bytes += buffer.length;
        }
        // On disk before it has a name: a power cut never leaves a key holding a truncated file.
        await handle.sync();
        await handle.close();
        await publish(temp, key);
        return { bytes };
      } catch (err) {
        body.destroy();
        await handle.close().catch(() => {});
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async sweepPartials(olderThanMs) {
      const names = await listPartials();
      let removed = 0;
      for (const name of names) {
        const file = path.join(partials, name);
        // A live write touches its file with every chunk; one untouched this long has no writer left.
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat || now() - stat.mtimeMs < olderThanMs) continue;
        await fs.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
