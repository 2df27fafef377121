import { PRINTS_AUTOSELECT_PRODUCT, type Project } from '@shoebox/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { isHttpStatus } from '../../../lib/http/errors';
import { useServices } from '../../../lib/services';
import type { EditorSource } from '../api/editor-source';
import { useSaveProject } from '../api/prints-project';
import type { PrintLine, PrintsProjectState } from '../lib/prints-lines';
import styles from './save-project-button.module.css';

/**
 * Saves the editor's lines as a project (Saved projects lists it; Continue opens it here again). The first
 * save names the project with an id made here, so a repeated first save is still one project.
 */
export function SaveProjectButton({ source, lines }: { source: EditorSource; lines: PrintLine[] }) {
  const { t } = useTranslation('prints-editor');
  const { channel } = useServices();
  const save = useSaveProject();
  const [project, setProject] = useState<Project | null>(source.project);
  const newId = useRef(crypto.randomUUID());

  const onSave = () => {
    const editorState: PrintsProjectState & { tempSelectionId: string } = { tempSelectionId: source.tempSelectionId, lines };
    const content = {
      title: project?.title ?? t('project.title', { count: lines.length }),
      productCode: PRINTS_AUTOSELECT_PRODUCT,
      channel: channel.code,
      pageCount: lines.length,
      thumbnailPhotoId: lines[0]?.photoId ?? null,
      editorState,
    };
    save.mutate(project ? { kind: 'update', id: project.id, project: { ...content, version: project.version } } : { kind: 'create', project: { ...content, id: newId.current } }, {
      onSuccess: setProject,
    });
  };

  return (
    <span className={styles.save}>
      <button type="button" className={buttonClass.secondary} onClick={onSave} disabled={save.isPending}>
        {t(save.isPending ? 'actions.saving' : 'actions.save')}
      </button>
      <span role="status" className={styles.status}>
        {save.isSuccess && t('actions.saved')}
      </span>
      {save.isError && (
        <span role="alert" className={styles.error}>
          {t(isHttpStatus(save.error, 409) ? 'actions.saveConflict' : 'actions.saveFailed')}
        </span>
      )}
    </span>
  );
}
