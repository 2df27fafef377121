import { UPLOAD_ACCEPTED_EXTENSIONS, UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Upload } from 'tus-js-client';
import { buttonClass } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useIsSmallScreen } from '../../../../lib/media';
import { paths } from '../../../../lib/paths';
import { useServices } from '../../../../lib/services';
import { addPhotosToAlbum } from '../../api/add-album-photos';
import { deletePhotosInBatches } from '../../api/delete-photos';
import { albumKeys, photoKeys } from '../../api/query-keys';
import { photosSortStore } from '../../stores/sort-options';
import { formatBytes } from '../../../../lib/format-bytes';
import { ThumbnailStore } from '../lib/thumbnail-store';
import { UploadQueue, type UploadItem } from '../lib/upload-queue';
import { UploadRow } from './upload-row';
import styles from './upload-modal.module.css';

const ACCEPT = [...UPLOAD_ACCEPTED_TYPES, ...UPLOAD_ACCEPTED_EXTENSIONS].join(',');

const isKept = (item: UploadItem) => item.status === 'duplicate' || (item.status === 'uploaded' && item.selected);
const isInLibrary = (item: UploadItem) => item.status === 'uploaded' || item.status === 'duplicate';

/**
 * The upload modal (spec §2, §4 upload flow): files are chosen or dropped, listed with a thumbnail made in
 * the browser, uploaded on request with tus (each with its own progress), and the uploaded photos are
 * selectable. Saving deletes the deselected uploads, refreshes the library and shows the photos page sorted
 * by upload date; opened from an album, it adds the kept photos to that album instead (the server does not)
 * and the customer stays on the album. A failed save keeps the modal open with its error, to try again.
 * Closing cancels running uploads and forgets the list.
 */
export function UploadModal({ albumId, onClose }: { albumId?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('upload');
  const services = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const small = useIsSmallScreen();
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  // One queue per opening of the modal: closing it cancels what runs and clears the list.
  const [queue] = useState(
    () =>
      new UploadQueue({
        endpoint: services.config.uploadUrl,
        accessToken: () => services.auth.accessToken(),
        ownerId: async () => (await services.auth.currentIdentity())?.customerId ?? 'anonymous',
        albumId,
        Upload,
      }),
  );
  // The list's thumbnails, made from the chosen files; closing the modal revokes their object URLs.
  const [thumbnails] = useState(() => new ThumbnailStore());
  const [dragging, setDragging] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [addFailed, setAddFailed] = useState(false);
  // Set at once (state is not, until the next render): a second click in the same moment saves nothing.
  const busy = useRef(false);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  useEffect(() => {
    queue.attach();
    return () => void queue.dispose();
  }, [queue]);
  useEffect(() => () => thumbnails.dispose(), [thumbnails]);

  // A file dropped beside the drop zone must not make the browser leave the page to show it.
  useEffect(() => {
    const prevent = (event: Event) => event.preventDefault();
    window.addEventListener('dragover', prevent);
    window.addEventListener('drop', prevent);
    return () => {
      window.removeEventListener('dragover', prevent);
      window.removeEventListener('drop', prevent);
    };
  }, []);

  const ready = items.filter((i) => i.status === 'ready').length;
  const running = items.filter((i) => i.status === 'queued' || i.status === 'uploading').length;
  const inLibrary = items.filter(isInLibrary);
  const uploaded = items.filter((i) => i.status === 'uploaded');
  const duplicates = items.filter((i) => i.status === 'duplicate').length;
  const selected = uploaded.filter((i) => i.selected).length;
  const refused = items.filter((i) => i.status === 'refused').length;
  const tracked = items.filter((i) => i.status !== 'ready' && i.status !== 'refused' && i.status !== 'cancelled');
  const anyInLibrary = inLibrary.length > 0;
  // Photos already in the library were not uploaded again: counted apart, and when every file was one,
  // the summary says only that (not "5 of 5 uploaded").
  const summaryParts = [
    ...(tracked.length > duplicates ? [t('summary', { done: uploaded.length, total: tracked.length })] : []),
    ...(duplicates > 0 ? [t('summaryDuplicates', { count: duplicates })] : []),
    ...(refused > 0 ? [t('summaryRefused', { count: refused })] : []),
  ];

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setDeleteFailed(false);
    setAddFailed(false);
    void queue.add([...files]);
  };

  const close = () => {
    if (saving) return;
    // Photos that finished uploading are in the library now, whatever happens to the list.
    if (anyInLibrary) void queryClient.invalidateQueries({ queryKey: photoKeys.all });
    onClose();
  };

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setDeleteFailed(false);
    setAddFailed(false);
    const report = (error: unknown) => services.reporter.report(error, { feature: 'upload' });
    const keptIds = [...new Set(items.filter(isKept).flatMap((i) => (i.photoId ? [i.photoId] : [])))];
    const kept = new Set(keptIds);
    const deselected = uploaded.filter((i) => !i.selected && i.photoId && !kept.has(i.photoId));
    const deleteIds = [...new Set(deselected.map((i) => i.photoId as string))];
    if (deleteIds.length > 0) {
      let failed: Set<string>;
      try {
        failed = new Set(await deletePhotosInBatches(services.http, deleteIds, report));
      } catch (error) {
        report(error);
        failed = new Set(deleteIds);
      }
      // What was deleted leaves the list (saving again does not delete it twice); what was not stays deselected.
      for (const item of deselected) if (!failed.has(item.photoId as string)) queue.remove(item.key);
      if (failed.size > 0) {
        void queryClient.invalidateQueries({ queryKey: photoKeys.all });
        setDeleteFailed(true);
        busy.current = false;
        setSaving(false);
        return;
      }
    }
    if (albumId) {
      if (keptIds.length > 0) {
        try {
          // Ids no longer in the library (deleted meanwhile) are answered as failed: there is nothing to add then.
          await addPhotosToAlbum(services.http, albumId, keptIds);
        } catch (error) {
          report(error);
          if (deleteIds.length > 0) void queryClient.invalidateQueries({ queryKey: photoKeys.all });
          setAddFailed(true);
          busy.current = false;
          setSaving(false);
          return;
        }
      }
      // The customer stays on the album: it and the library show the new photos.
      onClose();
      void queryClient.invalidateQueries({ queryKey: albumKeys.all });
      void queryClient.invalidateQueries({ queryKey: photoKeys.all });
      return;
    }
    const anyRemain = items.some(isKept);
    onClose();
    if (anyRemain) void navigate(paths.photos);
    void queryClient.invalidateQueries({ queryKey: photoKeys.all });
    if (anyRemain) {
      const sort = photosSortStore.get();
      if (sort.sortKey !== 'created') photosSortStore.set({ sortKey: 'created', sortOrder: sort.sortOrder });
    }
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  // One button whose job changes (upload, then save): it keeps focus, and is marked unavailable with
  // aria-disabled rather than disabled, which would drop focus to the page while uploads run.
  const primary: { label: string; run?: () => void } =
    ready > 0
      ? { label: t('start', { count: ready }), run: () => queue.start() }
      : !anyInLibrary && running === 0
        ? { label: t('title') }
        : { label: saving ? t('saving') : albumId ? t('submitAlbum') : t('submit'), run: running === 0 && !saving ? () => void submit() : undefined };

  return (
    <Dialog
      title={t('title')}
      closeLabel={t('close')}
      onClose={close}
      dismissable={!saving}
      size="large"
      initialFocusRef={chooseButton}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={close} disabled={saving}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className={`${buttonClass.primary} ${styles.primaryAction}`}
            aria-disabled={primary.run ? undefined : 'true'}
            onClick={() => primary.run?.()}
          >
            {primary.label}
          </button>
        </>
      }
    >
      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''} ${items.length > 0 ? styles.compact : ''}`}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        {!small && <p className={styles.dropText}>{dragging ? t('dropActive') : t('dropHere')}</p>}
        {!small && <p className={styles.dropOr}>{t('dropOr')}</p>}
        <button ref={chooseButton} type="button" className={buttonClass.secondary} onClick={() => fileInput.current?.click()} disabled={saving}>
          {items.length > 0 ? t('chooseMore') : t('chooseFiles')}
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          onChange={(event) => {
            addFiles(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <p className={styles.hint}>{t('accepted', { size: formatBytes(UPLOAD_MAX_BYTES, i18n.language) })}</p>
      </div>

      <div className={styles.toolbar}>
        <p role="status" className={styles.summary}>
          {summaryParts.join(' · ')}
        </p>
        {uploaded.length > 0 && (
          <div className={styles.selectAll}>
            <button type="button" className={styles.linkButton} onClick={() => queue.setAllSelected(true)} disabled={saving}>
              {t('selectAll')}
            </button>
            <button type="button" className={styles.linkButton} onClick={() => queue.setAllSelected(false)} disabled={saving}>
              {t('deselectAll')}
            </button>
          </div>
        )}
      </div>
      {uploaded.length > 0 && running === 0 && <p className={styles.selectedSummary}>{t('selectedSummary', { selected, uploaded: uploaded.length })}</p>}

      {deleteFailed && (
        <p role="alert" className={styles.alert}>
          {t('errors.deleteFailed')}
        </p>
      )}
      {addFailed && (
        <p role="alert" className={styles.alert}>
          {t('errors.saveFailed')}
        </p>
      )}

      {items.length > 0 && (
        <ul className={styles.list} aria-label={t('listLabel')}>
          {items.map((item) => (
            <UploadRow key={item.key} item={item} queue={queue} thumbnails={thumbnails} disabled={saving} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
