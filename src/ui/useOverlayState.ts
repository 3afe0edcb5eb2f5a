import { useMemo, useState } from 'react';

/** The same shape as react-stately's OverlayTriggerState, so the lazily loaded overlays accept it. */
export interface OverlayState {
  readonly isOpen: boolean;
  setOpen(isOpen: boolean): void;
  open(): void;
  close(): void;
  toggle(): void;
}

/** Open/closed state for Modal, Drawer, Popover and menus; plain React state, so it costs nothing at first paint. */
export function useOverlayState(defaultOpen = false): OverlayState {
  const [isOpen, setOpen] = useState(defaultOpen);
  return useMemo(() => ({
    isOpen,
    setOpen,
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen((open) => !open),
  }), [isOpen]);
}

/**
 * State for an overlay that is rendered only while open (dialogs, pickers, context menus): it is always open,
 * and every way the overlay closes itself (Escape, outside press, close button) calls `onClose`.
 */
export function useOpenOverlayState(onClose: () => void): OverlayState {
  return useMemo(() => ({
    isOpen: true,
    setOpen: (open: boolean) => { if (!open) onClose(); },
    open: () => {},
    close: onClose,
    toggle: onClose,
  }), [onClose]);
}
