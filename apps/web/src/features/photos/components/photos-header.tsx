import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useIsSmallScreen } from '../../../lib/media';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useAccountPhotoInfo } from '../api/get-account-photo-info';
import { formatNumber } from '../lib/format-number';
import { photoPaths } from '../paths';
import { StorageStatusButton } from '../storage-status/components/storage-status-button';
import { AddPhotosButton } from '../upload/components/add-photos-button';
import styles from './photos-header.module.css';

/**
 * The photo library's header under the page title 'My photos': on phones (not in stripped mode) a back link
 * to the account home, the storage status button, 'Add photos' (when the upload flag is on; the button
 * checks it), and the Photos and Albums tabs with their counts. The active tab is the one whose path matches.
 * The storage status modal's 'Delete photos' goes to /my-photos/photos?delete=all, which opens delete-all.
 *
 * The two buttons load lazily, after the page's first paint: each has a slot of its settled height from the
 * start, and where the tabs and the buttons might not fit on one line the buttons stand one per line, so the
 * header's height never depends on a label that arrives later and nothing under it moves (decision 043).
 * On phones the back link and the two buttons share one bar above the tabs, the buttons as icons of a
 * settled size (their labels stay their accessible names), so the photos start on the first screen
 * (decision 085).
 */
export function PhotosHeader() {
  const { t } = useTranslation('photos');
  const { flags, stripped } = useServices();
  const small = useIsSmallScreen();
  const { data: info } = useAccountPhotoInfo();
  const albumsCount = info ? info.albumsCount + info.readAlbumsCount : undefined;
  // Its slot is held from the first paint only where the button will come.
  const uploadOn = flags.isOn('PhotoManagementUploadViewEnabled');

  return (
    <div className={styles.header}>
      {small && !stripped() && (
        <Link to={paths.overview} className={styles.back}>
          <span aria-hidden="true">‹</span>
          {t('header.backToHome')}
        </Link>
      )}
      <div className={styles.bar}>
        <nav aria-label={t('header.tabsLabel')} className={styles.tabsNav}>
          <ul className={styles.tabs}>
            <li>
              <NavLink to={photoPaths.timeline} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
                {t('header.photosTab')}{' '}
                {info && <span className={styles.count}>{formatNumber(info.photosCount)}</span>}
              </NavLink>
            </li>
            {flags.isOn('PhotoManagementAlbumViewEnabled') && (
              <li>
                <NavLink to={photoPaths.albums} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
                  {t('header.albumsTab')}{' '}
                  {albumsCount !== undefined && <span className={styles.count}>{formatNumber(albumsCount)}</span>}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className={styles.actions}>
          <div className={styles.slot}>
            <StorageStatusButton />
          </div>
          {uploadOn && (
            <div className={styles.slot}>
              <AddPhotosButton compact />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
