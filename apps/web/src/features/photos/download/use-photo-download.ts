import type { Photo } from '@shoebox/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveOriginal } from './save-original';

export type PhotoDownloadState = 'initial' | 'pending' | 'success' | 'failure';

/**
 * One photo's download: initial, pending, then success or failure. It starts over for another
 * photo and when the preview closes, and a second click while one runs starts nothing.
 */
export function usePhotoDownload(photoId: string | undefined) {
  const [state, setState] = useState<{ photoId?: string; status: PhotoDownloadState }>({ status: 'initial' });
  const running = useRef<AbortController>(undefined);

  useEffect(
    () => () => {
      running.current?.abort();
      running.current = undefined;
      // An aborted download settles as neither success nor failure: coming back to the photo starts afresh.
      setState({ status: 'initial' });
    },
    [photoId],
  );

  const download = useCallback(async (photo: Photo) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ photoId: photo.imageId, status: 'pending' });
    try {
      await saveOriginal(photo, controller.signal);
      if (!controller.signal.aborted) setState({ photoId: photo.imageId, status: 'success' });
    } catch {
      if (!controller.signal.aborted) setState({ photoId: photo.imageId, status: 'failure' });
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  }, []);

  return { status: state.photoId === photoId ? state.status : 'initial', download };
}
