import { useRef } from 'react';
import { DismissButton, Overlay, usePopover } from 'react-aria';
import type { PopoverProps } from '../Popover';
import { ariaState } from './ariaState';

/** react-aria popover: positioned, closes on outside interaction and Escape, hidden dismiss buttons for screen readers. */
export function Popover({ state, triggerRef, children, placement = 'bottom start', className, width, height }: PopoverProps) {
  const popoverRef = useRef<HTMLDivElement>(null);
  const { popoverProps, underlayProps, placement: actual } = usePopover({ triggerRef, popoverRef, placement, offset: 6 }, ariaState(state));
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
