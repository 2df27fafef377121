import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { photoPaths } from '../../paths';
import timelineStyles from '../../timeline/timeline.module.css';

/** 'Unable to display album…' with the link back to My albums. */
export function AlbumLoadError() {
  const { t } = useTranslation('albums');
  return (
    <div className={timelineStyles.state} role="alert">
      <p className={timelineStyles.stateTitle}>{t('album.loadError')}</p>
      <Link to={photoPaths.albums}>{t('album.backToAlbums')}</Link>
    </div>
  );
}
