import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '../../../../components/ui/spinner';
import { useServices } from '../../../../lib/services';
import { useAlbum } from '../../api/get-album';
import { photoPaths } from '../../paths';
import { SelectionProvider } from '../../stores/selection-context';
import { AlbumLoadError } from './album-load-error';
import { OwnAlbum } from './own-album';

/**
 * /my-photos/albums/{id}: a spinner, then the album, or the load error with the link back to My albums.
 * An own album that is shared is shown on the shared-album route when the shared-albums flag is on.
 */
export function AlbumPage() {
  const { t } = useTranslation('albums');
  const { flags } = useServices();
  const { id = '' } = useParams();
  const album = useAlbum(id);

  if (album.isPending) return <Spinner label={t('album.loading')} />;
  if (album.isError) return <AlbumLoadError />;
  if (album.data.isShared && flags.isOn('PhotoManagementSharedAlbumsViewEnabled')) return <Navigate to={photoPaths.sharedAlbum(id)} replace />;
  return (
    <SelectionProvider key={id}>
      <OwnAlbum album={album.data} />
    </SelectionProvider>
  );
}
