/**
 * Hands a link to the browser as a file download named `fileName`: the browser fetches and saves it
 * itself, so a file of any size is never read into the page's memory.
 */
export function saveFromLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
