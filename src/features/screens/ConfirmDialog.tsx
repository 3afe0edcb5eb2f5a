import { useT } from '../../lib/i18n';
import { FormDialog } from '../../ui/FormDialog';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  /** The destructive button; Delete unless the screen says otherwise (Revoke). */
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending: boolean;
  /** Why the server refused, when the screen keeps it in the dialog rather than in a notice. */
  error?: string | undefined;
}

/** A list screen's "are you sure": an alert dialog whose submit is destructive; it stays open while the write runs. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose, isPending, error }: ConfirmDialogProps) {
  const t = useT();
  return (
    <FormDialog
      title={title}
      tone="destructive"
      submitLabel={confirmLabel ?? t('screens.delete')}
      cancelLabel={t('screens.cancel')}
      onSubmit={onConfirm}
      onClose={onClose}
      isPending={isPending}
    >
      <p className="ui-form-dialog-message">{message}</p>
      {error && <p role="alert" className="ui-field-error">{error}</p>}
    </FormDialog>
  );
}
