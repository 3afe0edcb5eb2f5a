import { useId, type RefObject } from 'react';
import type { MenuFocus, MenuItemSpec } from './Menu';
import { useOverlays } from './overlays';
import { useOpenOverlayState } from './useOverlayState';
import './Menu.css';

export interface ContextMenuProps {
  /** The element the menu belongs to: it is placed next to it and named by it. */
  triggerRef: RefObject<HTMLElement | null>;
  triggerId: string;
  label: string;
  items: MenuItemSpec[];
  /** Keyboard users start on the first item. */
  autoFocus: MenuFocus;
  onClose: () => void;
}

/**
 * An open context menu (see useContextMenuTrigger for how it is asked for): a react-aria menu in a popover next to
 * its element; Escape or a click outside closes it and focus returns to the element. Render it only while open.
 */
export function ContextMenu({ triggerRef, triggerId, label, items, autoFocus, onClose }: ContextMenuProps) {
  const overlays = useOverlays(true);
  const menuId = useId();
  const state = useOpenOverlayState(onClose);
  if (!overlays) return null;
  return (
    <overlays.MenuPopover
      state={state}
      // The popover only measures the element; MenuPopover names a button because its other caller is one.
      triggerRef={triggerRef as RefObject<HTMLButtonElement | null>}
      placement="bottom start"
      items={items}
      label={label}
      menuId={menuId}
      triggerId={triggerId}
      autoFocus={autoFocus}
    />
  );
}
