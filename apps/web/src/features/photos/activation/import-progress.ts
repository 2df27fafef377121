import type { ImportPushMessage } from '@shoebox/contracts';

/** Spec §4: only a newer import message (by data.timestamp) replaces the stored one; messages may arrive out of order. */
export function isNewerImportMessage(candidate: ImportPushMessage, stored: ImportPushMessage | undefined): boolean {
  return stored === undefined || Date.parse(candidate.data.timestamp) > Date.parse(stored.data.timestamp);
}

/** How far the import is, 0–100, or undefined while its size is not known. */
export function importPercent(message: ImportPushMessage | undefined): number | undefined {
  if (!message || message.data.payload.total === 0) return undefined;
  const { imported, failed, total } = message.data.payload;
  return ((imported + failed) / total) * 100;
}
