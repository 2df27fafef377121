import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isHttpStatus } from '../../../lib/http/errors';
import { paths } from '../../../lib/paths';
import { EditorSourceMissing, useEditorSource } from '../api/editor-source';
import { PrintsEditor } from '../components/prints-editor';
import styles from './prints-editor-page.module.css';

/**
 * /prints-editor?tempSelectionId=…&autoselectproduct=PAP_910[&projectId=…]: the embedded default prints
 * editor (decision 060). It orders the one product it knows, PAP_910, whatever else the address asks for.
 */
export function PrintsEditorPage() {
  const { t } = useTranslation('prints-editor');
  const [params] = useSearchParams();
  const source = useEditorSource(params.get('tempSelectionId'), params.get('projectId'));

  if (source.isPending) return <Spinner label={t('page.loading')} />;
  if (source.isError) {
    const gone = source.error instanceof EditorSourceMissing || isHttpStatus(source.error, 404);
    return (
      <div className={styles.message} role="alert">
        <p className={styles.messageTitle}>{t(gone ? 'page.gone.title' : 'page.loadError')}</p>
        {gone && <p>{t('page.gone.body')}</p>}
        <div className={styles.actions}>
          {!gone && (
            <button type="button" className={buttonClass.secondary} onClick={() => void source.refetch()}>
              {t('page.retry')}
            </button>
          )}
          <Link className={buttonClass.primary} to={paths.photos}>
            {t('page.backToPhotos')}
          </Link>
        </div>
      </div>
    );
  }
  return <PrintsEditor key={source.data.tempSelectionId} source={source.data} />;
}
