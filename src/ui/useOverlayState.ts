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
