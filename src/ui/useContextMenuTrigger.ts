import { useEffect, useRef } from 'react';
import type { DomProps } from './mergeDomProps';

/** Spec 9: a touch held this long opens the context menu. */
export const LONG_PRESS_MS = 700;

/** How the menu was asked for: keyboard users land on its first item. */
export type ContextMenuSource = 'pointer' | 'keyboard';

/**
 * Props for an element that has a context menu: right click, Shift+F10 or the context-menu key, or a touch held
 * for 700 ms (a finger that starts scrolling cancels, as the browser then cancels the pointer). Plain DOM events,
 * so the element costs next to nothing at first paint; the menu loads on demand. The click that follows a long
 * press (the finger lifting) is swallowed so the element does not also activate.
 */
export function useContextMenuTrigger(onOpen: (source: ContextMenuSource) => void): DomProps {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const longPressed = useRef(false);
  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => cancel, []);
  return {
    onContextMenu: (e) => {
      e.preventDefault();
      // Touch browsers send their own long-press contextmenu early; the 700 ms timer decides (spec 9).
      if (!timer.current) onOpen('pointer');
    },
    onKeyDown: (e) => {
      if (e.key !== 'ContextMenu' && !(e.shiftKey && e.key === 'F10')) return;
      e.preventDefault();
      onOpen('keyboard');
    },
    onPointerDown: (e) => {
      cancel();
      longPressed.current = false;
      if (e.pointerType === 'touch') {
        timer.current = setTimeout(() => {
          timer.current = undefined;
          longPressed.current = true;
          onOpen('pointer');
        }, LONG_PRESS_MS);
      }
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onClick: (e) => {
      if (longPressed.current) e.preventDefault();
      longPressed.current = false;
    },
  };
}
