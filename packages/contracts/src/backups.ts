import { z } from 'zod/mini';
import { idSchema } from './text.js';

/** Spec §9: export links are valid for 7 days. */
export const EXPORT_LINK_VALID_DAYS = 7;
/** Each export chunk is a complete zip of at most this many bytes of photos (not in the spec; decision 047). */
export const EXPORT_CHUNK_MAX_BYTES = 2 * 1024 * 1024 * 1024;

const timestamp = z.iso.datetime({ offset: true });
const atLeastOne = z.int().check(z.minimum(1));

/** The name an export chunk is saved under: the server names its signed link so, and the web its saved file. */
export const exportChunkFileName = (iteration: number, total: number) => `my-photos-export-${iteration}-of-${total}.zip`;

export const exportChunkSchema = z.object({ id: z.string().check(z.minLength(1)), iteration: atLeastOne, size: atLeastOne });
export type ExportChunk = z.infer<typeof exportChunkSchema>;

/** A finished export: every chunk, when it was asked for and when it was made (spec §3 "Export status"). */
export const exportSuccessSchema = z.object({
  requested: timestamp,
  processed: timestamp,
  /** When the links stop working (processed + 7 days). */
  expires: timestamp,
  chunks: z.array(exportChunkSchema).check(z.minLength(1)),
  /** Photos that were deleted while the export was made and so are not in it. */
  skippedPhotos: z.int().check(z.minimum(0)),
  photosCount: z.int().check(z.minimum(0)),
});
/** An export still being made: only when it was asked for. */
export const exportPendingSchema = z.object({ requested: timestamp, status: z.enum(['requested', 'in-progress']) });
export const exportStatusSchema = z.union([exportSuccessSchema, exportPendingSchema]);
export type ExportSuccess = z.infer<typeof exportSuccessSchema>;
export type ExportPending = z.infer<typeof exportPendingSchema>;
export type ExportStatus = z.infer<typeof exportStatusSchema>;
export function isExportReady(status: ExportStatus): status is ExportSuccess {
  return 'chunks' in status;
}

/** POST /backups answers the export it started, or the one already running (one at a time per customer). */
export const backupCreatedSchema = z.object({ id: z.string(), requested: timestamp, status: z.enum(['requested', 'in-progress']) });
export type BackupCreated = z.infer<typeof backupCreatedSchema>;

export const backupIdParamsSchema = z.object({ id: idSchema });
export const backupChunkParamsSchema = z.object({ id: idSchema, chunk: idSchema });
