import { continueProjectUrl, type ProjectSummary } from '@shoebox/contracts';
import { format, type Locale } from 'date-fns';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { ProductPicture } from '../../../components/product-picture/product-picture';
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

/**
 * One saved project: its cover (the customer's photo, else a drawing of the product), the product in the
 * reader's language (never the article code), its name and last saved date; Continue opens it in the
 * editor, Delete asks first. Projects are kept until deleted (decision 058), so there is no expiry to show.
 */
export function ProjectRow({ project, dates, onDeleted }: ProjectRowProps) {
  const { t, i18n } = useTranslation('projects');
  const { config } = useServices();
  const remove = useDeleteProject();
  const [confirming, setConfirming] = useState(false);
  const nameId = useId();
  const name = project.title;
  const catalogue = useCatalogue(i18n.language);
  const kind = catalogue.kind(project.productCode);
  const product = catalogue.title(project.productCode, t('products.other'));
  // A book or calendar counts its pages; prints count photos (the editor shows them), a canvas or mug has one.
  // An article the catalogue does not know keeps its count.
  const hasPages = kind === undefined || kind === 'photobook' || kind === 'calendar';
  // Deleted, and waiting for the page to be read again without it: still shown as being deleted.
  const deleting = remove.isPending || remove.isSuccess;

  const confirm = () => {
    setConfirming(false);
    remove.mutate(project.id, { onSuccess: () => onDeleted(name) });
  };

  return (
    <li className={`${styles.row} ${deleting ? styles.deleting : ''} ${remove.isError ? styles.failed : ''}`} aria-labelledby={nameId} aria-busy={deleting || undefined}>
      <ProductPicture photo={project.cover} kind={kind} size="medium" />
      <div className={styles.details}>
        <p className={styles.product}>{product}</p>
        <h2 id={nameId} className={styles.name}>
          {name}
        </h2>
        <p className={styles.meta}>
          <span>{t('page.lastSaved', { date: format(new Date(project.updatedAt), 'PP', { locale: dates }) })}</span>
          {hasPages && <span>{t('page.pageCount', { count: project.pageCount })}</span>}
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
