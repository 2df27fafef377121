import type { OwnAlbum } from '@shoebox/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAddPhotosToAlbum } from '../../api/add-album-photos';
import { photoPaths } from '../../paths';
import { useSelection } from '../../stores/selection-context';
import toolbar from '../../selection/selection-toolbar.module.css';
import styles from './add-from-library-bar.module.css';

export interface AddFromLibraryBarProps {
  album: Pick<OwnAlbum, 'albumId' | 'albumName'>;
  /** How many photos are selected. */
  amount: number;
  everythingSelected: boolean;
  /** The selected photos' ids, asked for when Add is pressed (whole months are fetched then). */
  resolvePhotoIds: (signal?: AbortSignal) => Promise<string[]>;
}

/**
 * The bottom bar of the timeline while it picks photos for an album (/my-photos/photos?addTo={albumId},
 * from the album screen's 'From my photos'): 'Select the photos to add to {name}', the amount selected with
 * Select all / Deselect all, Cancel (back to the album) and 'Add to album'. Adding copies the selection into
 * the album (once, however often it is clicked), goes back to the album and says how many were added; a
 * failure says 'Unable to save changes. Please try again.' and keeps the selection.
 */
export function AddFromLibraryBar({ album, amount, everythingSelected, resolvePhotoIds }: AddFromLibraryBarProps) {
  const { t } = useTranslation('albums');
  const { dispatch } = useSelection();
  const navigate = useNavigate();
  const addPhotos = useAddPhotosToAlbum();
  const bannerId = useId();
  const [saving, setSaving] = useState(false);
  // Set at once (state is not, until the next render): a second click in the same moment sends nothing.
  const busy = useRef(false);
  const abort = useRef<AbortController>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const back = () => navigate(photoPaths.album(album.albumId), { replace: true });

  const add = async () => {
    if (busy.current || amount === 0) return;
    busy.current = true;
    setSaving(true);
    const controller = new AbortController();
    abort.current = controller;
    let added: number;
    try {
      const photoIds = [...new Set(await resolvePhotoIds(controller.signal))];
      const failed = await addPhotos.mutateAsync({ albumId: album.albumId, photoIds });
      added = photoIds.length - new Set(failed).size;
      // Every photo has gone from the library meanwhile: nothing was added.
      if (photoIds.length > 0 && added <= 0) throw new Error('No photo could be added');
    } catch {
      if (controller.signal.aborted) return;
      busy.current = false;
      setSaving(false);
      toast.error(t('addFromLibrary.failed'));
      return;
    }
    if (controller.signal.aborted) return;
    toast.success(t('addFromLibrary.added', { count: added, name: album.albumName }));
    await back();
  };

  return (
    <>
      <div className={toolbar.spacer} aria-hidden="true" />
      <div className={`${toolbar.toolbar} ${styles.bar}`} role="region" aria-labelledby={bannerId}>
        <p id={bannerId} className={styles.banner}>
          {t('addFromLibrary.banner', { name: album.albumName })}
        </p>
        <div className={styles.row}>
          <div className={toolbar.selection}>
            <span className={toolbar.amount} role="status">
              {t('addFromLibrary.amount', { count: amount })}
            </span>
            <button type="button" className={toolbar.plain} onClick={() => dispatch({ type: everythingSelected ? 'deselectAll' : 'selectAll' })} disabled={saving}>
              {everythingSelected ? t('addFromLibrary.deselectAll') : t('addFromLibrary.selectAll')}
            </button>
          </div>
          <div className={toolbar.actions}>
            <button type="button" className={toolbar.action} onClick={() => void back()} disabled={saving}>
              {t('addFromLibrary.cancel')}
            </button>
            <button
              type="button"
              className={`${toolbar.action} ${toolbar.primary}`}
              disabled={amount === 0 || saving}
              aria-busy={saving || undefined}
              onClick={() => void add()}
            >
              {t('addFromLibrary.add')}
            </button>
          </div>
        </div>
      </div>
    </>
  );
}
