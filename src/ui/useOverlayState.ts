import { useOverlayTriggerState, type OverlayTriggerState } from 'react-stately';

export type OverlayState = OverlayTriggerState;

/** Open/closed state for Modal, Drawer and Popover, so the shell never imports react-stately itself. */
export function useOverlayState(defaultOpen = false): OverlayState {
  return useOverlayTriggerState({ defaultOpen });
}
