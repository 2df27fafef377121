import type { OrderUpload } from '@shoebox/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { useServices } from '../../../lib/services';
import { photoPaths } from '../../photos';
import { useOrderUploads } from '../api/get-order-uploads';
import styles from './order-details.module.css';
import photoStyles from './order-photos.module.css';

/** Pictures shown at first: an order of prints may hold 500 photos; the rest come on asking. */
export const ORDER_PHOTOS_SHOWN = 24;

/**
 * The photos an order was made from, as small pictures: each opens in the photo library while the customer
 * still has it there (and the library's preview is on); the files no longer in the library are counted, not
 * shown. Nothing when the order records no files.
 */
export function OrderPhotos({ orderCode }: { orderCode: string }) {
  const { t } = useTranslation('orders');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const uploads = useOrderUploads(identity.customerId, orderCode);
  const headingId = useId();
  const [all, setAll] = useState(false);

  if (uploads.isSuccess && uploads.data.length === 0) return null;
  const inLibrary = uploads.data?.filter((file): file is OrderUpload & { picture: NonNullable<OrderUpload['picture']> } => file.picture !== null) ?? [];
  const gone = (uploads.data?.length ?? 0) - inLibrary.length;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('photos.heading')} {uploads.isSuccess && <span className={styles.count}>({t('photos.count', { count: uploads.data.length })})</span>}
      </h2>
      {uploads.isPending ? (
        <Spinner label={t('photos.loading')} />
      ) : uploads.isError ? (
        <ListLoadError message={t('photos.loadError')} retryLabel={t('photos.retry')} onRetry={() => void uploads.refetch()} />
      ) : (
        <>
          {inLibrary.length > 0 && (
            <ul className={photoStyles.photos} aria-labelledby={headingId}>
              {(all ? inLibrary : inLibrary.slice(0, ORDER_PHOTOS_SHOWN)).map((file) => (
                <li key={file.id}>
                  <OrderPhoto file={file} />
                </li>
              ))}
            </ul>
          )}
          {!all && inLibrary.length > ORDER_PHOTOS_SHOWN && (
            <button type="button" className={buttonClass.secondary} onClick={() => setAll(true)}>
              {t('photos.showAll', { count: inLibrary.length })}
            </button>
          )}
          {gone > 0 && <p className={styles.note}>{inLibrary.length ? t('photos.someGone', { count: gone }) : t('photos.allGone', { count: gone })}</p>}
        </>
      )}
    </section>
  );
}

function OrderPhoto({ file }: { file: OrderUpload & { picture: NonNullable<OrderUpload['picture']> } }) {
  const { t } = useTranslation('orders');
  const { flags } = useServices();
  const { picture } = file;
  const image = <img src={picture.url} alt={file.fileName} width={picture.width} height={picture.height} loading="lazy" decoding="async" />;
  // The preview is a route of the timeline: with either switched off the link would only lead back to the start.
  const opens = file.photoId !== null && flags.isOn('PhotoManagementTimelineViewEnabled') && flags.isOn('PhotoManagementPreviewEnabled');
  return opens ? (
    <Link to={photoPaths.preview(file.photoId!)} className={photoStyles.photo} title={t('photos.open', { name: file.fileName })}>
      {image}
    </Link>
  ) : (
    <span className={photoStyles.photo}>{image}</span>
  );
}
