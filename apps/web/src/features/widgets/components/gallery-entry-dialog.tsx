import type { UpdateGalleryEntry } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useCategories } from '../api/get-categories';
import { categoryName } from '../lib/category-name';
import { useGalleryForm } from '../lib/gallery-form';
import styles from './form-fields.module.css';

interface GalleryEntryDialogProps {
  mode: 'add' | 'edit';
  initial: UpdateGalleryEntry;
  onSubmit: (values: UpdateGalleryEntry) => void;
  onClose: () => void;
}

/** The category (from the service) and the title a book shows in the gallery; checked on submit. */
export function GalleryEntryDialog({ mode, initial, onSubmit, onClose }: GalleryEntryDialogProps) {
  const { t } = useTranslation('widgets');
  const categories = useCategories();
  const { form, problem } = useGalleryForm(initial);
  const id = useId();
  const categoryProblem = problem('categoryId');
  const titleProblem = problem('title');

  return (
    <Dialog
      title={mode === 'add' ? t('gallery.addTitle') : t('gallery.editTitle')}
      closeLabel={t('gallery.close')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('gallery.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className={buttonClass.primary} aria-disabled={!categories.isSuccess || undefined}>
            {mode === 'add' ? t('gallery.add') : t('gallery.save')}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (categories.isSuccess) void form.handleSubmit(onSubmit)(event);
        }}
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-category`}>{t('gallery.category')}</label>
          {categories.isError ? (
            <p className={styles.problem} role="alert">
              {t('gallery.categoriesError')}
            </p>
          ) : categories.isPending ? (
            <p role="status">{t('gallery.categoriesLoading')}</p>
          ) : (
            <select
              id={`${id}-category`}
              aria-invalid={categoryProblem ? true : undefined}
              aria-describedby={categoryProblem ? `${id}-category-problem` : undefined}
              {...form.register('categoryId')}
            >
              <option value="">{t('gallery.chooseCategory')}</option>
              {categories.data.items.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryName(t, category.id, category.name)}
                </option>
              ))}
            </select>
          )}
          {categoryProblem && (
            <p id={`${id}-category-problem`} className={styles.problem}>
              {t(`gallery.problems.${categoryProblem}`)}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-title`}>{t('gallery.entryTitle')}</label>
          <input
            id={`${id}-title`}
            type="text"
            aria-invalid={titleProblem ? true : undefined}
            aria-describedby={titleProblem ? `${id}-title-problem` : undefined}
            {...form.register('title')}
          />
          {titleProblem && (
            <p id={`${id}-title-problem`} className={styles.problem}>
              {t(`gallery.problems.${titleProblem}`)}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
