import type { Photo } from '@shoebox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useMatch, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useServices } from '../../../lib/services';
import { useArchiveDownload } from '../../downloads';
import { LibraryActivation } from '../activation/library-activation';
import { usePhotoDeletion, type DeletionEntry } from '../api/use-photo-deletion';
import { AddFromLibraryBar } from '../albums/add-from-library/add-from-library-bar';
import { useAddFromLibrary } from '../albums/add-from-library/use-add-from-library';
import { InfoBanner } from '../components/info-banner';
import { CopyToAlbumDialog } from '../copy-to-album/copy-to-album-dialog';
import { PhotosHeader } from '../components/photos-header';
import { DeleteAllDialog, DeleteSelectedDialog } from '../delete/delete-dialogs';
import { OrderPrintsBar } from '../order-prints/order-prints-bar';
import { useOrderPrintsMode } from '../order-prints/use-order-prints-mode';
import type { GridLayout } from '../grid/grid-layout';
import type { PhotoGridHandle } from '../grid/photo-grid';
import { photoPaths } from '../paths';
import type { TimelineOutletContext } from '../preview/timeline-outlet-context';
import { resolveSelection } from '../selection/resolve-selection';
import { SelectionToolbar } from '../selection/selection-toolbar';
import { readScrollMemory } from '../stores/scroll-memory';
import { selectedAmount } from '../stores/selection';
import { SelectionProvider, useSelection } from '../stores/selection-context';
import { usePhotosSort } from '../stores/sort-options';
import { Timeline } from '../timeline/timeline';
import styles from './photos-page.module.css';

interface PreviewState {
  fromTimeline?: boolean;
}

export function PhotosPage() {
  return (
    <SelectionProvider>
      <PhotosPageContent />
    </SelectionProvider>
  );
}

/**
 * /my-photos/photos: the header with tabs, the info banner and the timeline, with selection mode and its
 * toolbar (or order-prints mode's bar), the delete and copy-to-album dialogs and toasts; with ?addTo={albumId}, selection mode picks
 * photos for that album instead. The preview route renders over it (the grid stays mounted), and
 * the grid returns exactly to where it was when the preview closes.
 */
function PhotosPageContent() {
  const { t } = useTranslation('photos');
  const { http } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const previewOpen = useMatch(`${photoPaths.timeline}/preview/:photoId`) !== null;
  const [sort] = usePhotosSort();
  const { selection, dispatch } = useSelection();
  const deletion = usePhotoDeletion();
  const archive = useArchiveDownload();
  const grid = useRef<PhotoGridHandle>(null);
  const [layout, setLayout] = useState<GridLayout>();
  const [settled, setSettled] = useState(false);
  const [dialog, setDialog] = useState<'selected' | 'all' | 'copy'>();
  const orderPrints = useOrderPrintsMode();
  const lastOpened = useRef<string>(undefined);

  const [searchParams, setSearchParams] = useSearchParams();
  const total = layout?.totalPhotos ?? 0;
  const amount = layout ? selectedAmount(selection, layout.countBySection, total) : 0;
  const everythingSelected = total > 0 && amount === total;

  // /my-photos/photos?addTo={albumId} (the album screen's 'From my photos'): selection mode picks photos for
  // that album, with its own bar instead of the toolbar. An album that does not load leaves the normal timeline.
  const addFromLibrary = useAddFromLibrary(() => dispatch({ type: 'stop' }));
  const adding = addFromLibrary.state !== 'off';
  useEffect(() => {
    if (adding && !selection.active) dispatch({ type: 'start' });
  }, [adding, selection.active, dispatch]);

  // Opened straight at a preview (a link, a reload): the grid underneath starts where it was last time.
  const restoredAtStart = useRef(false);
  useEffect(() => {
    if (!layout || restoredAtStart.current) return;
    restoredAtStart.current = true;
    const memory = readScrollMemory();
    if (previewOpen && memory) grid.current?.restore(memory);
  }, [layout, previewOpen]);

  // /my-photos/photos?delete=all (the storage status modal's 'Delete photos' from elsewhere) opens delete-all.
  const deleteAllAsked = searchParams.get('delete') === 'all';
  useEffect(() => {
    if (!deleteAllAsked || !layout) return;
    if (layout.totalPhotos > 0) setDialog('all');
    setSearchParams(
      (params) => {
        params.delete('delete');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [deleteAllAsked, layout, setSearchParams]);

  const previewHref = useCallback((photo: Photo) => `${photoPaths.preview(photo.imageId)}${location.search}`, [location.search]);
  const onOpen = useCallback(
    (photo: Photo) => {
      lastOpened.current = photo.imageId;
      const state: PreviewState = { fromTimeline: true };
      void navigate(previewHref(photo), { state, preventScrollReset: true });
    },
    [navigate, previewHref],
  );

  const outletContext = useMemo<TimelineOutletContext>(
    () => ({
      sort,
      sections: layout?.sections ?? [],
      settled,
      closePreview: () => {
        if ((location.state as PreviewState | null)?.fromTimeline) void navigate(-1);
        else void navigate(`${photoPaths.timeline}${location.search}`, { replace: true, preventScrollReset: true });
      },
      onPreviewClosed: (lastPhotoId, section) => {
        const memory = readScrollMemory();
        if (memory) grid.current?.restore(memory);
        const sectionIndex = layout?.sections.findIndex((s) => s.key === section) ?? -1;
        if (sectionIndex >= 0) grid.current?.reveal(sectionIndex);
        const focusId = lastPhotoId ?? lastOpened.current;
        if (focusId) requestAnimationFrame(() => grid.current?.focusPhoto(focusId));
      },
      deletePhoto: deletion.deleteOne,
    }),
    [sort, layout, settled, location.state, location.search, navigate, deletion.deleteOne],
  );

  /** The selection's photo ids, fetching the ids of whole months (or of everything) that are not all loaded. */
  const resolvePhotoIds = async (signal?: AbortSignal) => {
    if (!layout) return [];
    const entries = await resolveSelection(http, queryClient, sort, selection, layout.sections, signal);
    return entries.map(([id]) => id);
  };

  const deleteSelected = async () => {
    if (!layout) return;
    let entries: DeletionEntry[];
    try {
      entries = await resolveSelection(http, queryClient, sort, selection, layout.sections);
    } catch {
      // The ids of a selected month could not be fetched: nothing was deleted.
      toast.error(t('delete.selected.failed'));
      return;
    }
    void deletion.deleteMany(entries).then((failed) => {
      if (failed.size === 0) dispatch({ type: 'stop' });
      else dispatch({ type: 'selectOnly', ids: new Map(entries.filter(([id]) => failed.has(id))) });
    });
  };
  const downloadSelected = () => {
    void archive.request({ photos: async (signal) => ({ photoIds: await resolvePhotoIds(signal) }) }).then((requested) => {
      if (requested) dispatch({ type: 'stop' });
    });
  };
  const deleteAll = () => {
    void deletion.deleteAll().then((deleted) => {
      if (deleted) dispatch({ type: 'stop' });
    });
  };

  return (
    <div className={styles.page}>
      <PhotosHeader />
      <LibraryActivation />
      <InfoBanner />
      <Timeline
        gridRef={grid}
        paused={previewOpen}
        previewHref={previewHref}
        onOpen={onOpen}
        onSettledChange={setSettled}
        onLayout={setLayout}
      />
      {addFromLibrary.state === 'on' && !previewOpen && (
        <AddFromLibraryBar
          album={addFromLibrary.album}
          amount={amount}
          everythingSelected={everythingSelected}
          resolvePhotoIds={resolvePhotoIds}
        />
      )}
      {orderPrints.on && !adding && !previewOpen && (
        <OrderPrintsBar amount={amount} everythingSelected={everythingSelected} resolvePhotoIds={resolvePhotoIds} onCancel={orderPrints.leave} />
      )}
      {selection.active && !adding && !previewOpen && !orderPrints.on && (
        <SelectionToolbar
          amount={amount}
          everythingSelected={everythingSelected}
          onDownload={downloadSelected}
          onCopyToAlbum={() => setDialog('copy')}
          onDelete={() => setDialog(everythingSelected ? 'all' : 'selected')}
          onOrderPrints={orderPrints.enter}
        />
      )}
      {dialog === 'selected' && <DeleteSelectedDialog amount={amount} onClose={() => setDialog(undefined)} onConfirm={deleteSelected} />}
      {dialog === 'all' && <DeleteAllDialog total={total} onClose={() => setDialog(undefined)} onConfirm={deleteAll} />}
      {dialog === 'copy' && (
        <CopyToAlbumDialog amount={amount} resolvePhotoIds={resolvePhotoIds} onClose={() => setDialog(undefined)} onCopied={() => dispatch({ type: 'stop' })} />
      )}
      <Outlet context={outletContext} />
    </div>
  );
}
