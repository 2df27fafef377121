import type { BackupCreated } from '@shoebox/contracts';
import { readJson, writeJson } from '../../../../lib/storage';

/** Spec §9: export requests are processed within 48 hours, and an email is sent when ready. */
export const EXPORT_PROCESSING_HOURS = 48;

/** The exports this browser asked for, newest last: a request answered with one of them found it still running. */
export const REQUESTED_EXPORTS_KEY = 'shoebox.requestedExports';
/** Only the latest few matter: one export runs at a time. */
const REMEMBERED_EXPORTS = 5;

/**
 * Whether POST /backups answered an export that was already running rather than a new one. The server
 * answers the running export (one at a time per customer): it is one that has begun ('in-progress'), or
 * one this browser asked for before and is still waiting.
 */
export function wasAlreadyRunning(created: BackupCreated, storage: Storage = window.localStorage): boolean {
  const known = readJson<string[]>(storage, REQUESTED_EXPORTS_KEY) ?? [];
  const already = created.status === 'in-progress' || known.includes(created.id);
  try {
    writeJson(storage, REQUESTED_EXPORTS_KEY, [...known.filter((id) => id !== created.id), created.id].slice(-REMEMBERED_EXPORTS));
  } catch {
    // Without local storage only an export that has begun can be told apart; the message is still true.
  }
  return already;
}
