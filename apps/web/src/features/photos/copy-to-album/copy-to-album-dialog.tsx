import type { OwnAlbum } from '@shoebox/contracts';
import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAddPhotosToAlbum } from '../api/add-album-photos';
import { useCreateAlbum } from '../api/create-album';
import { useAlbums } from '../api/get-albums';
import { thumbnailUrl } from '../lib/thumbnails';
import { photoPaths } from '../paths';
import { AlbumNameField } from '../components/album-name-field';
import { useAlbumNameForm } from '../components/album-name-form';
import styles from './copy-to-album-dialog.module.css';

export interface CopyToAlbumDialogProps {
  /** How many photos are selected: '{amount} photos selected'. */
  amount: number;
  /**
   * The selected photos' ids, asked for when Copy is pressed (a selection may be whole months, fetched
   * then). The signal aborts when the dialog goes away. A rejection shows the save failure.
   */
  resolvePhotoIds: (signal?: AbortSignal) => Promise<string[]>;
  /** Called on Cancel, Escape and ×, and after a successful copy. */
  onClose: () => void;
  /** Called after a successful copy (e.g. to end selection mode), with the album copied to. */
  onCopied?: (albumId: string) => void;
  /** An album not to offer (the album the photos are copied from). */
  excludeAlbumId?: string;
}

type Choice = { kind: 'new' } | { kind: 'album'; albumId: string; albumName: string };

/**
 * 'Copy to album' (photo-library §2): '{amount} photos selected', a choice of the customer's own albums
 * that are not shared (with their covers, more with 'Show more albums'), or 'Create new album' with a name
 * field checked on submit only by the album name rule. Copy resolves the photo ids, creates the album if
 * asked, copies (photos the album holds already are not added twice), closes and shows the toast
 * 'Photos copied to {albumLink}' (plus how many could not be copied, if any). A failure keeps the dialog
 * open with 'Unable to save changes. Please try again.'; an album created before the failure is then the
 * choice, so trying again does not create a second one.
 *
 * Render it inside the router, under the photo screens' toaster (the toast's album link is a router link).
 */
export function CopyToAlbumDialog({ amount, resolvePhotoIds, onClose, onCopied, excludeAlbumId }: CopyToAlbumDialogProps) {
  const { t } = useTranslation('albums');
  const formId = useId();
  const amountId = useId();
  const legendId = useId();
  const choiceErrorId = useId();
  const albumsQuery = useAlbums();
  const createAlbum = useCreateAlbum();
  const addPhotos = useAddPhotosToAlbum();
  const firstRadio = useRef<HTMLInputElement>(null);
  const [choice, setChoice] = useState<Choice>();
  const { handleSubmit, nameField } = useAlbumNameForm();
  const [choiceMissing, setChoiceMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  // Set at once (state is not, until the next render): a second submit in the same moment sends nothing.
  const busy = useRef(false);
  const abort = useRef<AbortController>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const albums = (albumsQuery.data?.pages.flatMap((page) => page.albums) ?? []).filter((album) => !album.isShared && album.albumId !== excludeAlbumId);
  const noAlbums = albumsQuery.isSuccess && !albumsQuery.hasNextPage && albums.length === 0;
  // With no album to choose, creating one is the only choice.
  const chosen: Choice | undefined = choice ?? (noAlbums ? { kind: 'new' } : undefined);
  // An album created by an attempt that then failed to copy may not be in the list yet.
  const createdEarlier = chosen?.kind === 'album' && !albums.some((album) => album.albumId === chosen.albumId) ? chosen : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setFailed(false);
    setChoiceMissing(!chosen);
    if (!chosen) {
      firstRadio.current?.focus();
      return;
    }
    // A new album's name is checked as the album name dialog checks it; only a valid one goes on to copy.
    if (chosen.kind === 'new') await handleSubmit(({ name }) => copy({ name }))(event);
    else await copy(chosen);
  };

  /** Resolves the photo ids, creates the album if given a name, and copies into it. */
  const copy = async (into: { albumId: string; albumName: string } | { name: string }) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const photoIds = await resolvePhotoIds(controller.signal);
      let target = into;
      if ('name' in target) {
        const created = await createAlbum.mutateAsync(target.name);
        target = { albumId: created.albumId, albumName: created.albumName };
        setChoice({ kind: 'album', ...target });
      }
      const failedIds = await addPhotos.mutateAsync({ albumId: target.albumId, photoIds });
      if (controller.signal.aborted) return;
      onClose();
      onCopied?.(target.albumId);
      announceCopied(target, new Set(photoIds).size, failedIds.length);
    } catch {
      if (controller.signal.aborted) return;
      busy.current = false;
      setSaving(false);
      setFailed(true);
    }
  };

  const announceCopied = (album: { albumId: string; albumName: string }, total: number, failedCount: number) => {
    const someFailed = failedCount > 0 ? t('copy.someFailed', { count: failedCount }) : undefined;
    if (total > 0 && failedCount >= total) {
      toast.error(someFailed);
      return;
    }
    toast.success(
      <Trans
        t={t}
        i18nKey="copy.copied"
        values={{ albumName: album.albumName }}
        components={{ albumLink: <Link to={photoPaths.album(album.albumId)} className={styles.toastLink} /> }}
      />,
      { description: someFailed },
    );
  };

  const radioProps = (value: Choice, index: number) => ({
    type: 'radio' as const,
    name: `${formId}-album`,
    className: styles.radio,
    checked: chosen?.kind === value.kind && (value.kind === 'new' || (chosen.kind === 'album' && chosen.albumId === value.albumId)),
    onChange: () => setChoice(value),
    disabled: saving,
    ref: index === 0 ? firstRadio : undefined,
    'aria-describedby': choiceMissing ? choiceErrorId : undefined,
  });

  return (
    <Dialog
      title={t('copy.title')}
      describedBy={amountId}
      closeLabel={t('close')}
      onClose={onClose}
      dismissable={!saving}
      size="medium"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={saving}>
            {t('copy.cancel')}
          </button>
          <button type="submit" form={formId} className={`${buttonClass.primary} ${styles.submit}`} disabled={saving} aria-busy={saving || undefined}>
            {t('copy.submit')}
          </button>
        </>
      }
    >
      <p id={amountId} className={styles.amount}>
        {t('copy.amount', { count: amount })}
      </p>
      <form id={formId} noValidate className={styles.form} onSubmit={(event) => void onSubmit(event)}>
        <fieldset className={styles.fieldset} aria-labelledby={legendId}>
          <legend id={legendId} className={styles.legend}>
            {t('copy.chooseAlbum')}
          </legend>
          {choiceMissing && (
            <p id={choiceErrorId} className={styles.error}>
              {t('copy.chooseRequired')}
            </p>
          )}
          <ul className={styles.options}>
            <li>
              <label className={styles.option}>
                <input {...radioProps({ kind: 'new' }, 0)} />
                <span className={`${styles.thumb} ${styles.newThumb}`} aria-hidden="true" />
                <span className={styles.optionName}>{t('copy.newAlbum')}</span>
              </label>
              {chosen?.kind === 'new' && (
                <div className={styles.newName}>
                  <AlbumNameField {...nameField} inputProps={{ ...nameField.inputProps, disabled: saving }} />
                </div>
              )}
            </li>
            {createdEarlier && (
              <li>
                <label className={styles.option}>
                  <input {...radioProps(createdEarlier, 1)} />
                  <span className={styles.thumb} aria-hidden="true" />
                  <span className={styles.optionName}>{createdEarlier.albumName}</span>
                </label>
              </li>
            )}
            {albums.map((album) => (
              <li key={album.albumId}>
                <AlbumOption album={album} inputProps={radioProps({ kind: 'album', albumId: album.albumId, albumName: album.albumName }, 1)} />
              </li>
            ))}
          </ul>
          {albumsQuery.isPending && <Spinner label={t('copy.loading')} />}
          {albumsQuery.isError && (
            <div className={styles.state} role="alert">
              <p className={styles.error}>{t('copy.loadError')}</p>
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => void (albumsQuery.data ? albumsQuery.fetchNextPage() : albumsQuery.refetch())}
                disabled={albumsQuery.isFetching}
              >
                {t('copy.retry')}
              </button>
            </div>
          )}
          {noAlbums && <p className={styles.hint}>{t('copy.noAlbums')}</p>}
          {albumsQuery.hasNextPage && !albumsQuery.isError && (
            <button
              type="button"
              className={`${buttonClass.secondary} ${styles.more}`}
              onClick={() => void albumsQuery.fetchNextPage()}
              disabled={albumsQuery.isFetchingNextPage}
              aria-busy={albumsQuery.isFetchingNextPage || undefined}
            >
              {t('copy.loadMore')}
            </button>
          )}
        </fieldset>
        {failed && (
          <p role="alert" className={styles.failure}>
            {t('copy.failed')}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function AlbumOption({ album, inputProps }: { album: OwnAlbum; inputProps: ComponentProps<'input'> }) {
  const { t } = useTranslation('albums');
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = album.coverPhoto && !coverFailed ? album.coverPhoto : undefined;
  return (
    <label className={styles.option}>
      <input {...inputProps} />
      {cover ? (
        <img className={styles.thumb} src={thumbnailUrl(cover, 300)} alt="" loading="lazy" decoding="async" onError={() => setCoverFailed(true)} />
      ) : (
        <span className={`${styles.thumb} ${styles.emptyThumb}`} aria-hidden="true" />
      )}
      <span className={styles.optionText}>
        <span className={styles.optionName}>{album.albumName}</span>
        <span className={styles.optionCount}>{t('list.photoCount', { count: album.photosCount })}</span>
      </span>
    </label>
  );
}
