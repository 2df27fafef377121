import type { DataStore, Locker } from '@tus/utils';

/** An upload nothing was sent to for this long is given up: its bytes are removed and its place freed. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** A received upload's bytes as a file on this machine, for the ingest: `release` when done with it. */
export interface LocalUploadFile {
  path: string;
  release(): Promise<void>;
}

/**
 * Where received upload bytes wait for their ingest (decision 099): a folder of the machine that received
 * them (one machine, or machines a balancer keeps each upload on), or the bucket, where any instance
 * continues any upload at its offset.
 */
export interface UploadDatastore {
  /** The tus store the upload routes write through. */
  store: DataStore;
  /**
   * Recorded on every upload created here: the machine that can finish it or tell it is gone. Every
   * instance on one bucket shares one id, so each of them judges every upload.
   */
  machineId: string;
  /** The tus locker for this store, given the process's own: the bucket's also holds the upload for the whole cluster. */
  locker(local: Locker): Locker;
  /**
   * Runs `work` (the upload's ingest) while no other instance runs it for the same upload: on the folder only
   * its machine can, and the process keeps to one; the bucket's instances take turns.
   */
  alone<T>(uploadId: string, work: () => Promise<T>): Promise<T>;
  /** The received bytes as a local file; undefined when nothing is left of them. */
  localFile(uploadId: string): Promise<LocalUploadFile | undefined>;
  /** True when every declared byte arrived; false while receiving, or when nothing is left of it. */
  isComplete(uploadId: string): Promise<boolean>;
  /** When bytes were last written to the upload (what its expiry counts from); undefined when nothing is left of it. */
  lastWrittenAt(uploadId: string): Promise<number | undefined>;
  remove(uploadId: string): Promise<void>;
  /** Removes uploads whose expiry passed, where the store keeps its own (the folder's); the rest is upload recovery's to judge. */
  deleteExpired(): Promise<void>;
}
