import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { IconButton } from './IconButton';
import { Modal } from './Modal';
import type { OverlayState } from './useOverlayState';

export interface DrawerProps {
  state: OverlayState;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

/** A modal panel that slides in from the start edge (the phone-size navigation). */
export function Drawer({ state, title, closeLabel, children }: DrawerProps) {
  return (
    <Modal state={state} variant="drawer">
      <Dialog title={title} actions={<IconButton icon="close" label={closeLabel} onPress={state.close} />}>
        {children}
      </Dialog>
    </Modal>
  );
}
