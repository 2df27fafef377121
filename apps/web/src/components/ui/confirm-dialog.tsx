import { useId, type ReactNode } from 'react';
import { buttonClass } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  title: string;
  /** The accessible name of the × button. */
  closeLabel: string;
  cancelLabel: string;
  confirmLabel: string;
  /** What the action does and what it cannot undo; it describes the dialog for assistive technology. */
  children: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone (e.g. a delete). The dialog itself takes focus, so a screen
 * reader reads the question first and the confirming button is never one keypress away.
 */
export function ConfirmDialog({ title, closeLabel, cancelLabel, confirmLabel, children, onConfirm, onClose }: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Dialog
      title={title}
      closeLabel={closeLabel}
      onClose={onClose}
      role="alertdialog"
      describedBy={bodyId}
      initialFocus="dialog"
      size="small"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className={buttonClass.primary} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p id={bodyId}>{children}</p>
    </Dialog>
  );
}
