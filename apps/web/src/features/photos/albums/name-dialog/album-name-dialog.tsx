import type { OwnAlbum } from '@shoebox/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useCreateAlbum } from '../../api/create-album';
import { useRenameAlbum } from '../../api/rename-album';
import { serverRefusalOf, useServerRefusalText, type ServerRefusal } from '../../../../lib/http/server-refusal';
import { photoPaths } from '../../paths';
import { AlbumNameField } from '../../components/album-name-field';
import { useAlbumNameForm, type AlbumNameFormValues } from '../../components/album-name-form';
import styles from './album-name-dialog.module.css';

export type AlbumNameDialogProps =
  | {
      mode: 'create';
      onClose: () => void;
    }
  | {
      mode: 'rename';
      /** The album to rename; its name is the field's starting value. */
      album: Pick<OwnAlbum, 'albumId' | 'albumName'>;
      onClose: () => void;
    };

/**
 * The album name dialog (photo-library §2, §5):
 * - create: 'Create new album', 'Create album', an empty field with the placeholder 'Untitled album'; on
 *   success it closes and goes to the new album;
 * - rename: 'Edit album name', 'Save', the field filled with the current name; on success it closes.
 * The name is checked on submit only (never while typing or on blur), by the contracts' album-name rule that
 * the server uses (the shared album name form); a bad name sends nothing and takes the focus. A failed save keeps the dialog open with 'Unable to save changes. Please try again.'.
 * While saving, the submit button is disabled and the dialog cannot be dismissed: a double click saves once.
 */
export function AlbumNameDialog(props: AlbumNameDialogProps) {
  return props.mode === 'create' ? <CreateAlbumDialog {...props} /> : <RenameAlbumDialog {...props} />;
}

function CreateAlbumDialog({ onClose }: Extract<AlbumNameDialogProps, { mode: 'create' }>) {
  const { t } = useTranslation('albums');
  const navigate = useNavigate();
  const create = useCreateAlbum();
  return (
    <NameDialog
      title={t('nameDialog.createTitle')}
      submitLabel={t('nameDialog.createSubmit')}
      initialName=""
      onClose={onClose}
      save={async (name) => {
        const created = await create.mutateAsync(name);
        onClose();
        void navigate(photoPaths.album(created.albumId));
      }}
    />
  );
}

function RenameAlbumDialog({ album, onClose }: Extract<AlbumNameDialogProps, { mode: 'rename' }>) {
  const { t } = useTranslation('albums');
  const rename = useRenameAlbum(album.albumId);
  return (
    <NameDialog
      title={t('nameDialog.renameTitle')}
      submitLabel={t('nameDialog.renameSubmit')}
      initialName={album.albumName}
      onClose={onClose}
      save={async (name) => {
        // An unchanged name has nothing to save.
        if (name !== album.albumName) await rename.mutateAsync(name);
        onClose();
      }}
    />
  );
}

interface NameDialogProps {
  title: string;
  submitLabel: string;
  initialName: string;
  onClose: () => void;
  /** Saves a valid name, then closes (or leaves); throws when the save failed. */
  save: (name: string) => Promise<void>;
}

function NameDialog({ title, submitLabel, initialName, onClose, save }: NameDialogProps) {
  const { t } = useTranslation('albums');
  const formId = useId();
  const { handleSubmit, submitting: saving, nameField } = useAlbumNameForm(initialName);
  const refusalText = useServerRefusalText('albums');
  /** Why the last save failed: the server's refusal (e.g. too many albums), or nothing known. */
  const [failed, setFailed] = useState<{ refusal: ServerRefusal | undefined } | null>(null);
  // Set at once (state is not, until the next render): a second submit in the same moment sends nothing.
  const busy = useRef(false);

  const onValid = async ({ name }: AlbumNameFormValues) => {
    if (busy.current) return;
    busy.current = true;
    setFailed(null);
    try {
      await save(name);
    } catch (error) {
      setFailed({ refusal: serverRefusalOf(error) });
    } finally {
      busy.current = false;
    }
  };

  return (
    <Dialog
      title={title}
      closeLabel={t('close')}
      onClose={onClose}
      dismissable={!saving}
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={saving}>
            {t('nameDialog.cancel')}
          </button>
          <button type="submit" form={formId} className={`${buttonClass.primary} ${styles.submit}`} disabled={saving} aria-busy={saving || undefined}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} noValidate className={styles.form} onSubmit={(event) => void handleSubmit(onValid, () => setFailed(null))(event)}>
        <AlbumNameField {...nameField} />
        {failed && (
          <p role="alert" className={styles.failure}>
            {refusalText(failed.refusal)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
