import { AppError } from '../../platform/http/errors.js';

/**
 * When a client whose photo met a full image pool should ask again. The web's tus client retries on
 * its own schedule (0, 1, 3, 5, 10, 20 s) and the upload recovery finishes what it gives up on.
 */
export const UPLOAD_BUSY_RETRY_AFTER_SECONDS = 10;

/**
 * The upload arrived whole but its photo cannot be made yet: the image pool is full. Nothing is lost:
 * the upload stays as it is, and a retry (or the recovery pass) makes its photo.
 */
export class UploadBusy extends AppError {
  override readonly retryAfterSeconds = UPLOAD_BUSY_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, 'busy', 'Too many photos are being processed right now. Your photo has arrived and will be added shortly.', undefined, {
      retryAfterSeconds: UPLOAD_BUSY_RETRY_AFTER_SECONDS,
    });
  }
}
