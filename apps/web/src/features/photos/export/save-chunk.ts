/**
 * Hands a chunk's signed link to the browser as a download. A chunk can be gigabytes, so it is never read
 * into the page: the browser fetches and saves it itself (the link answers as an attachment).
 */
export function saveChunk(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The saved file's name, for browsers that honour the download attribute (same-origin links). */
export const chunkFileName = (iteration: number, total: number) => `my-photos-export-${iteration}-of-${total}.zip`;
