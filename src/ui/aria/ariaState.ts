import type { OverlayTriggerState } from 'react-stately';
import type { OverlayState } from '../useOverlayState';

const noPoint = () => {};
// Derived objects only, kept while their overlay state lives: nothing here outlasts the state it was made from.
const cache = new WeakMap<OverlayState, OverlayTriggerState>();

/** react-stately's overlay state also carries a context-menu point, which these overlays never use. */
export function ariaState(state: OverlayState): OverlayTriggerState {
  let aria = cache.get(state);
  if (!aria) {
    aria = { isOpen: state.isOpen, setOpen: state.setOpen, open: state.open, close: state.close, toggle: state.toggle, point: null, setPoint: noPoint };
    cache.set(state, aria);
  }
  return aria;
}
