import { useRef, type ReactNode } from 'react';
import { Overlay, useModalOverlay } from 'react-aria';
import type { OverlayTriggerState } from 'react-stately';
import './Modal.css';

export interface ModalProps {
  state: OverlayTriggerState;
  children: ReactNode;
  /** Click outside closes it (Escape always does unless disabled). */
  isDismissable?: boolean;
  /** Where the sheet sits: centred dialog or a drawer from the start edge. */
  variant?: 'center' | 'drawer';
  className?: string;
}

/** Blocking overlay: hides the rest of the page from assistive tech, contains focus, locks scrolling. */
export function Modal({ state, children, isDismissable = true, variant = 'center', className }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { modalProps, underlayProps } = useModalOverlay({ isDismissable }, state, ref);
  return (
    <Overlay>
      <div {...underlayProps} className="ui-modal-underlay" data-variant={variant}>
        <div {...modalProps} ref={ref} className={['ui-modal', className].filter(Boolean).join(' ')} data-variant={variant}>
          {children}
        </div>
      </div>
    </Overlay>
  );
}
