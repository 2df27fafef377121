import type { UploadsTable } from '../../platform/db/schema.js';
import { UPLOAD_EXPIRY_MS } from './store/upload-datastore.js';

/** How often recovery looks at unfinished uploads: an expired one is given up at the first pass after it expires. */
export const RECOVERY_INTERVAL_MS = 10 * 60 * 1000;
/** An upload row this young may not have its file yet (the tus server writes it just after): it is not given up. */
const QUIET_FOR_MS = 60 * 1000;
/**
 * Another machine's unfinished upload is given up by this one only this long after it began: its own
 * machine finishes it or gives it up a day after its last byte, so one still unfinished by then is on a
 * machine gone for good (or away for a week), and its place must not be held forever.
 */
export const OTHER_MACHINES_UPLOADS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When the recovery of machine `machineId` gives an unfinished upload up if nothing more is sent to it, and
 * why; `lastWrittenAt` is when bytes last reached this machine's file of it (undefined: it has none). Only
 * the machine that holds an upload's bytes can tell it expired or is gone; another one, or one without its
 * bytes from before machines had ids, is someone else's to judge until OTHER_MACHINES_UPLOADS_KEPT_MS
 * (or a day after now, when its own machine gives it up at the latest).
 */
export function givingUp(upload: Pick<UploadsTable, 'machine_id' | 'created_at'>, o: { machineId: string; lastWrittenAt: number | undefined; now: number }) {
  if (o.lastWrittenAt !== undefined) return { at: o.lastWrittenAt + UPLOAD_EXPIRY_MS, reason: 'expired' as const };
  const createdAt = Date.parse(upload.created_at);
  if (upload.machine_id === o.machineId) return { at: createdAt + QUIET_FOR_MS, reason: 'abandoned' as const };
  return { at: Math.min(createdAt + OTHER_MACHINES_UPLOADS_KEPT_MS, o.now + UPLOAD_EXPIRY_MS), reason: 'abandoned' as const };
}
