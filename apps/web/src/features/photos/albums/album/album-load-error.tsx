import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GridState } from '../../components/grid-state';
import { photoPaths } from '../../paths';

/** 'Unable to display album…' with the link back to My albums. */
export function AlbumLoadError() {
  const { t } = useTranslation('albums');
  return (
    <GridState title={t('album.loadError')} alert>
      <Link to={photoPaths.albums}>{t('album.backToAlbums')}</Link>
    </GridState>
  );
}
