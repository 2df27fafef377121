import { PRINTS_OVERLAY_MIN_MS } from '@shoebox/contracts';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../../lib/services';
import { createTempSelection } from './create-temp-selection';
import { goToPrintsEditor, printsEditorAddress } from './prints-editor';

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * Hands the selection to the prints editor: records it as a temporary selection on the storefront's channel
 * and, once that is done and the overlay has shown for at least PRINTS_OVERLAY_MIN_MS, sends the browser to
 * the editor. `transferring` is true from the click until the browser leaves, or until it fails (`onFailed`).
 */
export function usePrintsHandOff(onFailed: () => void) {
  const { http, config, channel } = useServices();
  const [transferring, setTransferring] = useState(false);
  // Set at once (state is not, until the next render): a second click in the same moment sends nothing.
  const busy = useRef(false);
  const abort = useRef<AbortController>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (resolvePhotoIds: (signal: AbortSignal) => Promise<string[]>) => {
    if (busy.current) return;
    busy.current = true;
    setTransferring(true);
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    try {
      const shownLongEnough = wait(PRINTS_OVERLAY_MIN_MS, signal);
      const photoIds = [...new Set(await resolvePhotoIds(signal))];
      const { tempSelectionId } = await createTempSelection(http, { photoIds, channel: channel.code }, signal);
      await shownLongEnough;
      if (signal.aborted) return;
      goToPrintsEditor(printsEditorAddress(config.printsEditorUrl, tempSelectionId, channel.code));
    } catch {
      if (signal.aborted) return;
      busy.current = false;
      setTransferring(false);
      onFailed();
    }
  };

  return { transferring, start };
}
