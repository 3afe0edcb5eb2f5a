import type { ReactNode, RefObject } from 'react';
import { useOverlays } from './overlays';
import type { OverlayState } from './useOverlayState';
import './Popover.css';

export type Placement = 'bottom' | 'bottom start' | 'bottom end' | 'top' | 'top start' | 'top end' | 'start' | 'end' | 'left' | 'right';

export interface PopoverProps {
  state: OverlayState;
  triggerRef: RefObject<Element | null>;
  children: ReactNode;
  placement?: Placement;
  className?: string;
  /** For popovers that carry their own size (e.g. the footer tray, 250×150 px). */
  width?: number;
  height?: number;
}

/**
 * Positioned overlay next to its trigger; closes on outside interaction and Escape. Render it only while
 * open: the react-aria implementation loads on first use and the popover appears as soon as it is there.
 */
export function Popover(props: PopoverProps) {
  const overlays = useOverlays(true);
  return overlays ? <overlays.Popover {...props} /> : null;
}
