import { z } from 'zod/mini';
import { orderStatusPushMessageSchema, type OrderStatusPushMessage } from './orders.js';

/** Spec §9: the archive push connection closes itself after 30 minutes. */
export const ARCHIVE_PUSH_CONNECTION_MS = 1_800_000;
export const ARCHIVE_STARTED_TOAST_MS = 5_000;
export const ARCHIVE_FINISHED_TOAST_MS = 10_000;
export const ARCHIVE_ERROR_TOAST_MS = 10_000;
/** Spec §9: after an import-finished message, wait 10 seconds. */
export const IMPORT_FINISHED_WAIT_MS = 10_000;
/** A socket that has not authenticated within this time is closed (not in the spec; decision 048). */
export const PUSH_AUTHENTICATE_WITHIN_MS = 10_000;
/** The server's reply to a good authenticate action. */
export const PUSH_AUTHENTICATED_REPLY = 'OK';

/** The one message a client sends: its access token. */
export const pushAuthenticateSchema = z.object({ action: z.literal('authenticate'), token: z.string().check(z.minLength(1)) });
export type PushAuthenticate = z.infer<typeof pushAuthenticateSchema>;

export const ARCHIVE_EVENT_KEYS = ['archive.generation.started', 'archive.generation.finished', 'archive.generation.error'] as const;
export const archiveEventKeySchema = z.enum(ARCHIVE_EVENT_KEYS);
export type ArchiveEventKey = z.infer<typeof archiveEventKeySchema>;

/** Spec §3 "Archive push message". */
export const archivePushMessageSchema = z.object({
  id: z.uuid(),
  timestamp: z.iso.datetime({ offset: true }),
  key: archiveEventKeySchema,
  message: z.object({ userId: z.string(), downloadId: z.string() }),
});
export type ArchivePushMessage = z.infer<typeof archivePushMessageSchema>;

export const IMPORT_EVENT_TYPES = ['import.started', 'import.progress', 'import.finished', 'import.failed'] as const;
export const importEventTypeSchema = z.enum(IMPORT_EVENT_TYPES);
export type ImportEventType = z.infer<typeof importEventTypeSchema>;

/** Spec §3: import push messages carry id, type, data.payload and data.timestamp. */
export const importPushMessageSchema = z.object({
  id: z.uuid(),
  type: importEventTypeSchema,
  data: z.object({
    payload: z.object({ imported: z.int().check(z.minimum(0)), total: z.int().check(z.minimum(0)), failed: z.int().check(z.minimum(0)) }),
    timestamp: z.iso.datetime({ offset: true }),
  }),
});
export type ImportPushMessage = z.infer<typeof importPushMessageSchema>;

export const pushMessageSchema = z.union([archivePushMessageSchema, importPushMessageSchema, orderStatusPushMessageSchema]);
export type PushMessage = z.infer<typeof pushMessageSchema>;
export function isArchiveMessage(m: PushMessage): m is ArchivePushMessage {
  return 'key' in m;
}
export function isImportMessage(m: PushMessage): m is ImportPushMessage {
  return 'type' in m && m.type.startsWith('import.');
}
export function isOrderStatusMessage(m: PushMessage): m is OrderStatusPushMessage {
  return 'type' in m && m.type === 'order.status.changed';
}

/** Close codes and reasons the push socket uses (4000–4999 are the application's own). */
export const PUSH_CLOSE = {
  notAuthenticated: { code: 4001, reason: 'Not authenticated in time' },
  badToken: { code: 4003, reason: 'Access token not valid' },
  badMessage: { code: 4000, reason: 'Expected an authenticate action' },
  /** Reconnect with a fresh token. */
  tokenExpired: { code: 4004, reason: 'Access token expired' },
  /** The customer opened more sockets than a customer may hold; the oldest goes. Do not reconnect, or tabs take turns evicting each other. */
  tooManySockets: { code: 4008, reason: 'Too many push sockets open' },
  /** This server is stopping: reconnect, another one answers. */
  shuttingDown: { code: 1001, reason: 'Server shutting down' },
  /** The token could not be checked right now: reconnect later. */
  serverError: { code: 1011, reason: 'Try again later' },
  /** Events may have been missed (the server's link to the other machines came back): reconnect and read back what changed. */
  missedEvents: { code: 1012, reason: 'Reconnect and read back what was missed' },
} as const;
