/**
 * How much one customer may have in flight: uploads created and not yet finished, refused, ended by
 * their client or expired. Each holds a place and reserves its declared length on this machine's disk.
 */
export const MAX_UNFINISHED_UPLOADS = 50;
/** 40 photos of the largest size (UPLOAD_MAX_BYTES) at once. */
export const MAX_UNFINISHED_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
