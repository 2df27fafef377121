import { continueProjectUrl, PRINTS_AUTOSELECT_PRODUCT, type ProjectSummary } from '@shoebox/contracts';
import { format, type Locale } from 'date-fns';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useServices } from '../../../lib/services';
import { useDeleteProject } from '../api/delete-project';
import styles from './project-row.module.css';

export interface ProjectRowProps {
  project: ProjectSummary;
  dates: Locale;
  /** Said once the project is gone, for the page to announce. */
  onDeleted: (title: string) => void;
}

/** One saved project: its name, product and last saved date; Continue opens it in the editor, Delete asks first. */
export function ProjectRow({ project, dates, onDeleted }: ProjectRowProps) {
  const { t } = useTranslation('projects');
  const { config } = useServices();
  const remove = useDeleteProject();
  const [confirming, setConfirming] = useState(false);
  const nameId = useId();
  const name = project.title;
  const product = t([`products.${project.productCode}`, 'products.other'] as unknown as 'products.other');
  // Deleted, and waiting for the page to be read again without it: still shown as being deleted.
  const deleting = remove.isPending || remove.isSuccess;

  const confirm = () => {
    setConfirming(false);
    remove.mutate(project.id, { onSuccess: () => onDeleted(name) });
  };

  return (
    <li className={`${styles.row} ${deleting ? styles.deleting : ''} ${remove.isError ? styles.failed : ''}`} aria-labelledby={nameId} aria-busy={deleting || undefined}>
      <div className={styles.details}>
        <h2 id={nameId} className={styles.name}>
          {name}
        </h2>
        <p className={styles.meta}>
          <span>{product}</span>
          {/* Prints have no pages: their count is of photos, which the editor shows. */}
          {project.productCode !== PRINTS_AUTOSELECT_PRODUCT && <span>{t('page.pageCount', { count: project.pageCount })}</span>}
          <span>{t('page.lastSaved', { date: format(new Date(project.updatedAt), 'PP', { locale: dates }) })}</span>
        </p>
        {deleting && (
          <p className={styles.status} role="status">
            {t('page.deleting')}
          </p>
        )}
        {remove.isError && (
          <p className={styles.error} role="alert">
            {t('page.deleteFailed')}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {!deleting && (
          <a className={buttonClass.primary} href={continueProjectUrl(config.printsEditorUrl, project.id, window.location.origin)} aria-label={t('page.continueNamed', { name })}>
            {t('page.continue')}
          </a>
        )}
        {remove.isError ? (
          <button type="button" className={buttonClass.secondary} aria-label={t('page.retryDeleteNamed', { name })} onClick={confirm}>
            {t('page.retryDelete')}
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass.secondary}
            aria-label={t('page.deleteNamed', { name })}
            aria-disabled={deleting || undefined}
            onClick={() => {
              if (!deleting) setConfirming(true);
            }}
          >
            {t('page.delete')}
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('confirm.title')}
          closeLabel={t('confirm.close')}
          cancelLabel={t('confirm.cancel')}
          confirmLabel={t('confirm.confirm')}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        >
          {t('confirm.body', { name })}
        </ConfirmDialog>
      )}
    </li>
  );
}
