import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button';
import { useServices } from '../../../../lib/services';
import { photoPaths } from '../../paths';
import { AddPhotosButton } from '../../upload/components/add-photos-button';
import styles from './album-page.module.css';

/**
 * 'Add photos' on an album: pick them from the library (the timeline in a mode that adds the selection to
 * this album), or upload new ones straight into the album (when the upload flag is on).
 */
export function AddPhotosMenu({ albumId }: { albumId: string }) {
  const { t } = useTranslation('albums');
  const { flags } = useServices();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={styles.menu}>
      <button type="button" className={buttonClass.primary} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        {t('album.addPhotos')}
      </button>
      <ul id={menuId} className={styles.menuList} hidden={!open}>
        <li>
          <Link className={styles.menuItem} to={`${photoPaths.timeline}?addTo=${encodeURIComponent(albumId)}`}>
            {t('album.fromLibrary')}
          </Link>
        </li>
        {flags.isOn('PhotoManagementUploadViewEnabled') && (
          <li>
            <AddPhotosButton albumId={albumId} label={t('album.upload')} className={styles.menuItem} />
          </li>
        )}
      </ul>
    </div>
  );
}
