import type { ReactNode } from 'react';
import { useOverlays } from './overlays';
import './Dialog.css';

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Hide the visible heading (it still names the dialog). */
  hideTitle?: boolean;
  /** Rendered at the end of the title row, e.g. a close button. */
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/** Dialog content named by its title; put it inside a Modal or Popover (which have loaded its code already). */
export function Dialog(props: DialogProps) {
  const overlays = useOverlays(true);
  return overlays ? <overlays.Dialog {...props} /> : null;
}
