import { PRINTS_AUTOSELECT_PRODUCT } from '@shoebox/contracts';

/** The prints editor's address for a selection: its id, the product it opens with (PAP_910) and the channel. */
export function printsEditorAddress(editorUrl: string, tempSelectionId: string, channel: string): string {
  const url = new URL(editorUrl);
  url.searchParams.set('tempSelectionId', tempSelectionId);
  url.searchParams.set('autoselectproduct', PRINTS_AUTOSELECT_PRODUCT);
  url.searchParams.set('channel', channel);
  return url.href;
}

/** Leaves for the editor: a full page load, since a retailer's editor is another site. */
export function goToPrintsEditor(address: string): void {
  window.location.assign(address);
}
