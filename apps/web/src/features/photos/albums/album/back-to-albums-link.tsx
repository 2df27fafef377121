import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { photoPaths } from '../../paths';
import styles from './album-page.module.css';

/** 'Back to My albums', above an album. */
export function BackToAlbumsLink() {
  const { t } = useTranslation('albums');
  return (
    <Link to={photoPaths.albums} className={styles.back}>
      <span aria-hidden="true">‹</span> {t('album.backToAlbums')}
    </Link>
  );
}
