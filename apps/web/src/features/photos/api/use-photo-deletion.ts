import type { SortKey } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isHttpStatus } from '../../../lib/http/errors';
import { useServices } from '../../../lib/services';
import type { SectionKey } from '../lib/section-key';
import { photosSortStore } from '../stores/sort-options';
import { deleteAllPhotos, deletePhoto, deletePhotosInBatches } from './delete-photos';
import { albumKeys, photoKeys } from './query-keys';
import { restoreLibrary, snapshotLibrary, writeEmptyLibrary, writeLibraryWithout, type LibrarySnapshot } from './timeline-cache';

/** A photo to delete and the month (of the current sort) it is shown in. */
export type DeletionEntry = readonly [id: string, month: SectionKey];

const perMonth = (entries: readonly DeletionEntry[]) => {
  const counts = new Map<SectionKey, number>();
  for (const [, month] of entries) counts.set(month, (counts.get(month) ?? 0) + 1);
  return counts;
};

/**
 * Deleting photos, optimistically: they leave the timeline, its counts and the Photos tab count at once.
 * What the server did not delete comes back (only those photos: a failed-list answer fails its ids only),
 * with the spec's error toast; the library is refetched afterwards either way.
 */
export function usePhotoDeletion() {
  const { t } = useTranslation('photos');
  const { http, reporter } = useServices();
  const queryClient = useQueryClient();

  const begin = async (entries: readonly DeletionEntry[]) => {
    await queryClient.cancelQueries({ queryKey: photoKeys.all });
    const snapshot = snapshotLibrary(queryClient);
    const { sortKey } = photosSortStore.get();
    writeLibraryWithout(queryClient, snapshot, new Set(entries.map(([id]) => id)), perMonth(entries), sortKey);
    return { snapshot, sortKey };
  };

  /** Puts back the photos that were not deleted: the snapshot minus the ones that were. */
  const settle = (context: { snapshot: LibrarySnapshot; sortKey: SortKey }, entries: readonly DeletionEntry[], failed: ReadonlySet<string>) => {
    if (failed.size === 0) return;
    const deleted = entries.filter(([id]) => !failed.has(id));
    writeLibraryWithout(queryClient, context.snapshot, new Set(deleted.map(([id]) => id)), perMonth(deleted), context.sortKey);
  };

  // Albums hold the photos too (their counts and grids): they refresh with the library.
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: photoKeys.all }), queryClient.invalidateQueries({ queryKey: albumKeys.all })]);

  const one = useMutation({
    mutationFn: async (entry: DeletionEntry) => {
      try {
        await deletePhoto(http, entry[0]);
      } catch (error) {
        // Already gone (or never this customer's): it is not in the library either way.
        if (!isHttpStatus(error, 404)) throw error;
      }
    },
    onMutate: (entry) => begin([entry]),
    onError: (error, entry, context) => {
      if (context) settle(context, [entry], new Set([entry[0]]));
      toast.error(t('delete.single.failed'));
      // The spec's internal text for it, for the error service; the customer reads the toast.
      reporter.report(new Error('Failed to delete photo!', { cause: error }), { action: 'delete photo' });
    },
    onSettled: refresh,
  });

  const many = useMutation({
    mutationFn: async (entries: readonly DeletionEntry[]) =>
      new Set(await deletePhotosInBatches(http, entries.map(([id]) => id), (error) => reporter.report(error, { action: 'delete photos' }))),
    onMutate: (entries) => begin(entries),
    onSuccess: (failed, entries, context) => {
      if (failed.size === 0) return;
      settle(context, entries, failed);
      toast.error(t('delete.selected.failed'));
    },
    onError: (_error, entries, context) => {
      if (context) settle(context, entries, new Set(entries.map(([id]) => id)));
      toast.error(t('delete.selected.failed'));
    },
    onSettled: refresh,
  });

  const all = useMutation({
    mutationFn: () => deleteAllPhotos(http),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: photoKeys.all });
      const snapshot = snapshotLibrary(queryClient);
      writeEmptyLibrary(queryClient, snapshot);
      return snapshot;
    },
    onSuccess: () => queryClient.removeQueries({ queryKey: photoKeys.timelineMonths() }),
    onError: (_error, _vars, snapshot) => {
      if (snapshot) restoreLibrary(queryClient, snapshot);
      toast.error(t('delete.all.failed'));
    },
    onSettled: refresh,
  });

  const { mutateAsync: deleteOne } = one;
  const { mutateAsync: deleteMany } = many;
  const { mutateAsync: deleteEverything } = all;
  return useMemo(
    () => ({
      /** Resolves to whether the photo was deleted. */
      deleteOne: (entry: DeletionEntry) => deleteOne(entry).then(() => true, () => false),
      /** Resolves to the ids that were not deleted. */
      deleteMany: (entries: readonly DeletionEntry[]) => deleteMany(entries).catch(() => new Set(entries.map(([id]) => id))),
      /** Resolves to whether the library was emptied. */
      deleteAll: () => deleteEverything().then(() => true, () => false),
    }),
    [deleteOne, deleteMany, deleteEverything],
  );
}
