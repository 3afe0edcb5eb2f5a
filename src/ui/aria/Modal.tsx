import { useRef } from 'react';
import { Overlay, useModalOverlay } from 'react-aria';
import type { ModalProps } from '../Modal';
import { ariaState } from './ariaState';

/** react-aria modal: hides the rest of the page from assistive tech, contains focus, locks scrolling. */
export function Modal({ state, children, isDismissable = true, variant = 'center', className }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { modalProps, underlayProps } = useModalOverlay({ isDismissable }, ariaState(state), ref);
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
