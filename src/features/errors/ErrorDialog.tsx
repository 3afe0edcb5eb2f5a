import { useT } from '../../lib/i18n';
import { NoticeModal } from '../../ui/NoticeModal';
import { ErrorActions } from './ErrorActions';
import './ErrorDialog.css';

export interface ErrorDialogProps {
  /** The product's name for the title; the app's own name until the server has told it. */
  product?: string | undefined;
  /** The variant's message (spec 8), e.g. "Failed to load your account settings.". */
  message: string;
  /** Escape or Close: the user carries on with what still works. */
  onClose: () => void;
  onSwitch?: () => Promise<void>;
}

/**
 * Spec 8's error dialog: '{product} encountered an unexpected error.', the variant's message, what to do, and the
 * Reload and Switch to Modern actions. A native modal dialog, so it needs none of the overlay code that may be what failed.
 */
export function ErrorDialog({ product, message, onClose, onSwitch }: ErrorDialogProps) {
  const t = useT();
  const name = product || t('errors.productFallback', { defaultValue: 'Pharos' });
  return (
    <NoticeModal title={t('errors.unexpected', { product: name, defaultValue: `${name} encountered an unexpected error.` })} onClose={onClose} data-testid="error-dialog">
      <div className="error-dialog-body">
        <p role="alert" className="error-dialog-message">{message}</p>
        <p>{t('errors.switchThemeOrContact')}</p>
        <div className="error-dialog-row">
          <ErrorActions {...(onSwitch ? { onSwitch } : {})} />
          <button type="button" className="button" data-variant="quiet" onClick={onClose}>{t('loginNotices.close')}</button>
        </div>
      </div>
    </NoticeModal>
  );
}
