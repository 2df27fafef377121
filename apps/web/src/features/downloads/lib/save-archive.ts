import { saveFromLink } from '../../../lib/save-from-link';

/** The name a finished archive is saved under (spec §4). */
export const archiveFileName = (downloadId: string) => `${downloadId}.zip`;

/**
 * Hands the signed link to the browser as a download named `{downloadId}.zip`. The browser streams it to
 * disk; an archive of 100 originals is never read into the page's memory, as a single photo is (decision 052).
 */
export const saveArchive = (url: string, downloadId: string): void => saveFromLink(url, archiveFileName(downloadId));
