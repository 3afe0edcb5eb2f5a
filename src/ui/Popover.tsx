import { useRef, type ReactNode, type RefObject } from 'react';
import { DismissButton, Overlay, usePopover, type Placement } from 'react-aria';
import type { OverlayTriggerState } from 'react-stately';
import './Popover.css';

export interface PopoverProps {
  state: OverlayTriggerState;
  triggerRef: RefObject<Element | null>;
  children: ReactNode;
  placement?: Placement;
  className?: string;
  /** For popovers that carry their own size (e.g. the footer tray, 250×150 px). */
  width?: number;
  height?: number;
}

/** Positioned overlay next to its trigger; closes on outside interaction and Escape, with hidden dismiss buttons for screen readers. */
export function Popover({ state, triggerRef, children, placement = 'bottom start', className, width, height }: PopoverProps) {
  const popoverRef = useRef<HTMLDivElement>(null);
  const { popoverProps, underlayProps, placement: actual } = usePopover({ triggerRef, popoverRef, placement, offset: 6 }, state);
  return (
    <Overlay>
      <div {...underlayProps} className="ui-popover-underlay" />
      <div
        {...popoverProps}
        ref={popoverRef}
        className={['ui-popover', className].filter(Boolean).join(' ')}
        data-placement={actual ?? undefined}
        style={{ ...popoverProps.style, width, height }}
      >
        <DismissButton onDismiss={state.close} />
        {children}
        <DismissButton onDismiss={state.close} />
      </div>
    </Overlay>
  );
}
