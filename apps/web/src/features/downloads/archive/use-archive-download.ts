import { DOWNLOAD_ARCHIVE_VALID_HOURS, type SharedPhotoRef } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { serverRefusalOf, useServerRefusalText, type ServerRefusal } from '../../../lib/http/server-refusal';
import { useServices } from '../../../lib/services';
import { useCreateDownload } from '../api/create-download';
import { useCreateSharedAlbumDownload } from '../api/create-shared-album-download';
import { downloadKeys } from '../api/query-keys';
import { followArchive } from '../lib/follow-archive';
import { useLinkRefusalText } from '../lib/link-refusal';

/** Refusals may say how long an archive is kept (too many kept: a place frees when one expires); the server's values leave that out. */
const withKeptHours = (refusal: ServerRefusal | undefined): ServerRefusal | undefined =>
  refusal && { ...refusal, params: { ...refusal.params, hours: DOWNLOAD_ARCHIVE_VALID_HOURS } };

/** What a selection's Download asks for: own photos by id, or a shared album's photos with their owners. */
export type ArchivePhotos = { photoIds: string[] } | { sharedPhotos: SharedPhotoRef[] };

export interface ArchiveRequest {
  /** The selection's photos, read when Download is chosen (a whole month may need fetching first). */
  photos: (signal?: AbortSignal) => Promise<ArchivePhotos>;
  /** Shown on the downloads page (e.g. the album's name); without one the page says how many photos. */
  name?: string;
}

/**
 * A selection's Download (spec §2, §4): asks for the archive under an id made here, so a request sent again
 * is the same archive (and a selection asked for again is answered with its live archive), then follows it on the push channel until it is saved or has failed. Answers whether
 * the request was accepted (selection mode ends then); a refusal or failure is said in a toast
 * ('Error: Your photos could not be downloaded', or the server's reason).
 */
export function useArchiveDownload() {
  const { t } = useTranslation('downloads');
  const refusalText = useServerRefusalText('downloads');
  const linkRefusalText = useLinkRefusalText();
  const { http, config, auth } = useServices();
  const queryClient = useQueryClient();
  const own = useCreateDownload();
  const shared = useCreateSharedAlbumDownload();
  const running = useRef(false);
  const [pending, setPending] = useState(false);

  async function request({ photos, name }: ArchiveRequest): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    let id: string = crypto.randomUUID();
    try {
      const chosen = await photos();
      // The same selection asked for again while its archive lives is answered with that archive's id.
      if ('photoIds' in chosen) ({ id } = await own.mutateAsync({ id, name, photos: chosen.photoIds }));
      else ({ id } = await shared.mutateAsync({ id, name, photos: chosen.sharedPhotos }));
    } catch (error) {
      toast.error(refusalText(withKeptHours(serverRefusalOf(error))));
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
    followArchive(id, {
      http,
      pushSocketUrl: config.pushSocketUrl,
      getAccessToken: () => auth.accessToken(),
      texts: { started: t('archive.started'), finished: t('archive.finished'), failed: t('archive.failed'), notSaved: linkRefusalText },
      onChange: () => void queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
    });
    return true;
  }

  return { request, pending };
}
