import { type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Modal } from './Modal';
import { useOpenOverlayState } from './useOverlayState';
import './Button.css';
import './FormDialog.css';

export interface FormDialogProps {
  title: string;
  /** Called for Escape, Cancel and (for confirmations) a click outside. */
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  cancelLabel: string;
  children: ReactNode;
  isSubmitDisabled?: boolean;
  /** A write is running: submitting again is blocked and the form says it is busy. */
  isPending?: boolean;
  /** Confirmations are alert dialogs with a destructive submit. */
  tone?: 'form' | 'destructive';
  'data-testid'?: string;
}

/**
 * A modal form (focus trapped inside, Escape closes, focus returns to the opener): Enter in a field submits,
 * like any form. Render it only while open.
 */
export function FormDialog({ title, onClose, onSubmit, submitLabel, cancelLabel, children, isSubmitDisabled, isPending, tone = 'form', ...rest }: FormDialogProps) {
  const state = useOpenOverlayState(onClose);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSubmitDisabled && !isPending) onSubmit();
  };
  // While a write runs the button stays focusable (aria-disabled): a disabled button would drop focus out of the dialog.
  const busy = Boolean(isPending) && !isSubmitDisabled;
  return (
    <Modal state={state} isDismissable={tone === 'destructive'} className="ui-form-dialog">
      <Dialog title={title} role={tone === 'destructive' ? 'alertdialog' : 'dialog'}>
        <form onSubmit={submit} noValidate aria-busy={isPending || undefined} data-testid={rest['data-testid']}>
          {children}
          <div className="ui-form-dialog-actions">
            <Button onPress={onClose}>{cancelLabel}</Button>
            {/* Button is always type=button; the form needs a real submit button for Enter to submit. */}
            <button
              type="submit"
              className="ui-button"
              data-variant={tone === 'destructive' ? 'destructive' : 'primary'}
              disabled={isSubmitDisabled}
              aria-disabled={busy || undefined}
              data-disabled={isSubmitDisabled || busy || undefined}
            >
              {submitLabel}
            </button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
