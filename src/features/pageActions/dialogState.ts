import { useMemo } from 'react';
import type { OverlayState } from '../../ui/useOverlayState';

/** A Modal's state for a dialog that is rendered only while open: every way of closing it calls onClose. */
export function useDialogState(onClose: () => void): OverlayState {
  return useMemo(() => ({
    isOpen: true,
    setOpen: (open) => { if (!open) onClose(); },
    open: () => {},
    close: onClose,
    toggle: onClose,
  }), [onClose]);
}
