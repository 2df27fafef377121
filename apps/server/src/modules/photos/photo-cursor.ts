import { badRequest } from '../../platform/http/errors.js';
import type { PhotoCursor } from './photo.repository.js';

/** Opaque to callers: the sort value and id of the last photo of a page. */
export function encodeCursor(cursor: PhotoCursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): PhotoCursor | undefined {
  if (!raw) return undefined;
  try {
    const [value, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof value === 'string' && typeof id === 'string') return { value, id };
  } catch {
    // falls through to the error below
  }
  throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Not a cursor this server handed out' }]);
}
