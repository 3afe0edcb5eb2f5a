import type { ReactNode } from 'react';
import { useOverlays } from './overlays';
import type { OverlayState } from './useOverlayState';
import './Modal.css';

export interface ModalProps {
  state: OverlayState;
  children: ReactNode;
  /** Click outside closes it (Escape always does unless disabled). */
  isDismissable?: boolean;
  /** Where the sheet sits: centred dialog or a drawer from the start edge. */
  variant?: 'center' | 'drawer';
  className?: string;
}

/**
 * Blocking overlay: hides the rest of the page from assistive tech, contains focus, locks scrolling.
 * Render it only while open; its react-aria implementation loads on first use.
 */
export function Modal(props: ModalProps) {
  const overlays = useOverlays(true);
  return overlays ? <overlays.Modal {...props} /> : null;
}
