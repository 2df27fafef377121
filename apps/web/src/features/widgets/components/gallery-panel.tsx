import { WIDGET_ERRORS, type UpdateGalleryEntry, type Widget } from '@shoebox/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { serverRefusalOf } from '../../../lib/http/server-refusal';
import { useCreateGalleryEntry } from '../api/create-gallery-entry';
import { useDeleteGalleryEntry } from '../api/delete-gallery-entry';
import { useBlockedOrder } from '../api/get-blocked-order';
import { useGalleryEntry } from '../api/get-gallery-entry';
import { useUpdateGalleryEntry } from '../api/update-gallery-entry';
import { categoryName } from '../lib/category-name';
import { mutationState, queryState, type RequestState } from '../lib/request-state';
import { GalleryEntryDialog } from './gallery-entry-dialog';
import styles from './gallery-panel.module.css';

type Operation = 'create' | 'read' | 'update' | 'delete';
const OPERATIONS: Operation[] = ['create', 'read', 'update', 'delete'];

/**
 * A book's place in the public gallery (spec §2.8, §3, §4): add it in a category, change or remove its entry.
 * Create, Read, Update and Delete each keep their own request state, shown on the book.
 */
export function GalleryPanel({ widget }: { widget: Widget }) {
  const { t } = useTranslation('widgets');
  const blocked = useBlockedOrder(widget.productCode);
  const create = useCreateGalleryEntry();
  const remove = useDeleteGalleryEntry();
  // The list is read again after each change; until then the entry just made or removed is what counts.
  const known = widget.galleryEntryId ?? create.data?.id ?? null;
  const entryId = remove.isSuccess && remove.variables === known ? null : known;
  const entry = useGalleryEntry(entryId);
  const update = useUpdateGalleryEntry(entryId ?? '');
  const [editing, setEditing] = useState<'add' | 'edit' | null>(null);

  const states: Record<Operation, RequestState> = {
    create: mutationState(create),
    read: queryState(entry, entryId !== null),
    update: mutationState(update),
    delete: mutationState(remove),
  };
  const isBlocked = blocked.data?.blocked === true || serverRefusalOf(create.error)?.code === WIDGET_ERRORS.orderBlocked;
  const title = widget.title;

  const submit = (values: UpdateGalleryEntry) => {
    setEditing(null);
    if (editing === 'add') {
      remove.reset();
      update.reset();
      create.mutate({ widgetId: widget.widgetId, ...values });
    } else {
      update.mutate(values);
    }
  };
  const removeEntry = () => {
    if (entryId === null || remove.isPending) return;
    create.reset();
    update.reset();
    remove.mutate(entryId);
  };

  return (
    <div className={styles.panel}>
      {entryId !== null && entry.data ? (
        <>
          <p className={styles.where}>{t('gallery.publishedIn', { category: categoryName(t, entry.data.categoryId) })}</p>
          <div className={styles.actions}>
            <button type="button" className={buttonClass.secondary} aria-label={t('gallery.editNamed', { title })} onClick={() => setEditing('edit')}>
              {t('gallery.edit')}
            </button>
            <button type="button" className={buttonClass.secondary} aria-label={t('gallery.removeNamed', { title })} aria-disabled={remove.isPending || undefined} onClick={removeEntry}>
              {t('gallery.remove')}
            </button>
          </div>
        </>
      ) : entryId === null ? (
        <>
          <p className={styles.where}>{t('gallery.notPublished')}</p>
          {isBlocked ? (
            <p className={styles.blocked}>{t('gallery.blocked')}</p>
          ) : (
            <div className={styles.actions}>
              <button
                type="button"
                className={buttonClass.secondary}
                aria-label={t('gallery.addNamed', { title })}
                aria-disabled={create.isPending || undefined}
                onClick={() => {
                  if (!create.isPending) setEditing('add');
                }}
              >
                {t('gallery.add')}
              </button>
            </div>
          )}
        </>
      ) : null}
      <div className={styles.states}>
        {OPERATIONS.map((operation) => {
          const state = states[operation];
          if (state === 'NotRequested' || (operation === 'read' && state === 'Finished')) return null;
          const text = t(`gallery.states.${operation}.${state}` as 'gallery.states.create.Finished');
          return (
            <p key={operation} className={state === 'Failed' ? styles.failed : styles.state} role={state === 'Failed' ? 'alert' : 'status'}>
              {text}
              {operation === 'read' && state === 'Failed' && (
                <button type="button" className={buttonClass.secondary} aria-label={t('gallery.retryReadNamed', { title })} onClick={() => void entry.refetch()}>
                  {t('gallery.retryRead')}
                </button>
              )}
            </p>
          );
        })}
      </div>
      {editing && (
        <GalleryEntryDialog
          mode={editing}
          initial={editing === 'edit' && entry.data ? { categoryId: entry.data.categoryId, title: entry.data.title } : { categoryId: '', title }}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
