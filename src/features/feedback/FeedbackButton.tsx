import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { PRELOAD_OVERLAYS } from '../../ui/overlays';
import { LoadFailed } from '../errors/LoadFailed';

/** The form loads when first opened, so it is not in the first bundle. */
const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

/** The feedback dialog and a way to open it, for the top bar's button and the phone overflow menu alike. */
export function useFeedbackDialog(): { open: () => void; dialog: ReactNode } {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const dialog = isOpen && (
    <ErrorBoundary fallback={<LoadFailed message={t('errors.feedbackFailed')} onClose={() => setOpen(false)} />}>
      <Suspense fallback={null}>
        <FeedbackDialog onClose={() => setOpen(false)} />
      </Suspense>
    </ErrorBoundary>
  );
  return { open: () => setOpen(true), dialog };
}

/** Spec 2.6: the top bar's way to the feedback dialog. */
export function FeedbackButton() {
  const t = useT();
  const { open, dialog } = useFeedbackDialog();
  const label = t('feedback.open');
  return (
    <>
      <Button variant="quiet" className="top-bar-link" title={label} aria-haspopup="dialog" onPress={open} domProps={PRELOAD_OVERLAYS} data-testid="top-feedback">
        <svg className="ui-icon" width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M4 4h16v12H8l-4 4zM8 8h8M8 12h5" />
        </svg>
        <span className="top-bar-link-text">{label}</span>
      </Button>
      {dialog}
    </>
  );
}
