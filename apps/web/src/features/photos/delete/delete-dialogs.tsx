import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import styles from './delete-dialogs.module.css';

interface ConfirmProps {
  onClose: () => void;
  /** Does the deleting; the dialog closes as soon as it returns or resolves. */
  onConfirm: () => void | Promise<void>;
}

/**
 * Runs the confirmed action and closes. With `failedText`, an action that rejects keeps the dialog open and
 * says so (spec §4: most modals stay open on failure); without it the action reports its own failure.
 */
function useConfirm(onConfirm: ConfirmProps['onConfirm'], onClose: () => void, failedText?: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onConfirm();
    } catch (error) {
      setBusy(false);
      if (failedText === undefined) {
        onClose();
        throw error;
      }
      setFailed(true);
      return;
    }
    setBusy(false);
    onClose();
  };
  return { busy, failed, confirm };
}

interface ConfirmDeleteDialogProps extends ConfirmProps {
  title: string;
  body: string;
  confirmLabel: string;
  busyLabel?: string;
  /** Shown, with the dialog kept open, when onConfirm rejects (e.g. deleting an album). */
  failedText?: string;
}

/** A delete confirmation with a body text and Cancel / confirm buttons; the confirm button can say it is busy. */
export function ConfirmDeleteDialog({ title, body, confirmLabel, busyLabel, failedText, onClose, onConfirm }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('photos');
  const bodyId = useId();
  const { busy, failed, confirm } = useConfirm(onConfirm, onClose, failedText);
  return (
    <Dialog
      title={title}
      role="alertdialog"
      describedBy={bodyId}
      closeLabel={t('delete.close')}
      onClose={onClose}
      dismissable={!busy}
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={busy}>
            {t('delete.cancel')}
          </button>
          <button type="button" className={`${buttonClass.primary} ${styles.danger}`} onClick={() => void confirm()} disabled={busy} aria-busy={(busyLabel && busy) || undefined}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p id={bodyId}>{body}</p>
      {failed && (
        <p className={styles.error} role="alert">
          {failedText}
        </p>
      )}
    </Dialog>
  );
}

/** 'Delete photo?': the preview's delete. */
export function DeletePhotoDialog(props: ConfirmProps) {
  const { t } = useTranslation('photos');
  return <ConfirmDeleteDialog {...props} title={t('delete.single.title')} body={t('delete.single.body')} confirmLabel={t('delete.single.confirm')} />;
}

/** 'Delete N photos?': the selection toolbar's delete. Finding the ids of whole selected months may take a moment. */
export function DeleteSelectedDialog({ amount, ...props }: ConfirmProps & { amount: number }) {
  const { t } = useTranslation('photos');
  return (
    <ConfirmDeleteDialog
      {...props}
      title={t('delete.selected.title', { count: amount })}
      body={t('delete.selected.body')}
      confirmLabel={t('delete.selected.confirm')}
      busyLabel={t('delete.preparing')}
    />
  );
}

/**
 * 'Delete all photos?': the customer types the localized word DELETE. The text is checked on submit only,
 * and the input has focus when the dialog opens; the error goes as soon as the right word is typed.
 */
export function DeleteAllDialog({ total, onClose, onConfirm }: ConfirmProps & { total: number }) {
  const { t } = useTranslation('photos');
  const bodyId = useId();
  const inputId = useId();
  const errorId = useId();
  const formId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { busy, confirm } = useConfirm(onConfirm, onClose);
  const word = t('delete.all.word');

  const matches = (text: string) => text.trim() === word;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches(value)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    void confirm();
  };

  return (
    <Dialog
      title={t('delete.all.title')}
      role="alertdialog"
      describedBy={bodyId}
      closeLabel={t('delete.close')}
      onClose={onClose}
      dismissable={!busy}
      initialFocusRef={input}
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={busy}>
            {t('delete.cancel')}
          </button>
          <button type="submit" form={formId} className={`${buttonClass.primary} ${styles.danger}`} disabled={busy}>
            {t('delete.all.confirm')}
          </button>
        </>
      }
    >
      <p id={bodyId}>{t('delete.all.body', { count: total })}</p>
      <form id={formId} noValidate onSubmit={onSubmit} className={styles.form}>
        <label htmlFor={inputId} className={styles.label}>
          {t('delete.all.label', { word })}
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.input}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            // Checked on submit only, but an error the customer has already put right must not stay.
            if (matches(event.target.value)) setInvalid(false);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        {invalid && (
          <p id={errorId} className={styles.error}>
            {t('delete.all.mismatch', { word })}
          </p>
        )}
      </form>
    </Dialog>
  );
}
