import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import './NoticeModal.css';

export interface NoticeModalProps {
  title: string;
  /** Escape and the browser's other close requests; the caller unmounts the modal. */
  onClose: () => void;
  children: ReactNode;
  'data-testid'?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A native modal <dialog>: the page behind it is inert and Escape asks to close. It needs none of the overlay
 * code, so a pop-up that opens right after login does not pull react-aria into the first load. Tab wraps
 * around inside it instead of leaving for the browser's toolbar. Render it only while open.
 */
export function NoticeModal({ title, onClose, children, ...rest }: NoticeModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // Safari before 15.4 (a wallboard TV browser) has no <dialog>: there it opens as a plain fixed box, not modal.
    const modal = typeof dialog.showModal === 'function';
    if (modal) dialog.showModal();
    else dialog.setAttribute('data-nonmodal', '');
    // The dialog itself takes the initial focus, so its name is announced first.
    dialog.focus();
    return () => { if (modal) dialog.close(); };
  }, []);
  const requestClose = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };
  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <dialog
      ref={ref}
      className="ui-notice-modal"
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={requestClose}
      onKeyDown={wrapTab}
      data-testid={rest['data-testid']}
    >
      {/* Focusable, so showModal() focuses the title rather than the first link, whose tooltip code would load. */}
      <h2 id={titleId} className="ui-notice-modal-title" tabIndex={-1}>{title}</h2>
      {children}
    </dialog>
  );
}
