import type { Photo } from '@shoebox/contracts';
import { saveFromLink } from '../../../lib/save-from-link';

/**
 * How long the saved bytes stay addressable after the save starts. The browser reads them
 * asynchronously, so revoking at once could cut the file short.
 */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Fetches a photo's original bytes (HEIC stays HEIC) and hands them to the browser as a file named
 * as uploaded. Fetching first, rather than following the link, is what lets a failure be told to
 * the customer instead of ending as a broken file in their downloads.
 */
export async function saveOriginal(photo: Photo, signal?: AbortSignal): Promise<void> {
  const response = await fetch(photo.untouchedUrl, { signal });
  if (!response.ok) throw new Error(`The photo's original answered ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  saveFromLink(url, photo.localFileName);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
