export { useArchiveDownload, type ArchivePhotos, type ArchiveRequest } from './archive/use-archive-download';
/** The namespaces a screen offering Download preloads, so its toasts and refusals are ready when asked. */
export const ARCHIVE_DOWNLOAD_NAMESPACES = ['downloads'] as const;
