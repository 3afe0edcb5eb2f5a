import { useRef, type ReactNode, type RefObject } from 'react';
import { mergeProps, RouterProvider, useFocusRing, useMenu, useMenuItem } from 'react-aria';
import { Item, useTreeState, type Key, type Node, type TreeState } from 'react-stately';
import { Icon } from '../Icon';
import type { MenuFocus, MenuItemSpec } from '../Menu';
import type { Placement } from '../Popover';
import { useNavigate } from '../RouterProvider';
import type { OverlayState } from '../useOverlayState';
import { Popover } from './Popover';

export interface MenuPopoverProps {
  state: OverlayState;
  triggerRef: RefObject<HTMLButtonElement | null>;
  placement: Placement;
  header?: ReactNode;
  items: MenuItemSpec[];
  /** Names the menu (the trigger's label). */
  label: string;
  menuId: string;
  triggerId: string;
  autoFocus: MenuFocus;
}

/** The open menu of a MenuTrigger: a react-aria menu in a popover; item links navigate in the app. */
export function MenuPopover({ state, triggerRef, placement, header, items, label, menuId, triggerId, autoFocus }: MenuPopoverProps) {
  const navigate = useNavigate();
  const menu = (
    <Popover state={state} triggerRef={triggerRef} placement={placement}>
      {header && <div className="ui-menu-header">{header}</div>}
      <MenuList id={menuId} aria-labelledby={triggerId} aria-label={label} autoFocus={autoFocus} onClose={state.close} items={items} />
    </Popover>
  );
  return navigate ? <RouterProvider navigate={navigate}>{menu}</RouterProvider> : menu;
}

interface MenuListProps {
  id: string;
  'aria-labelledby': string;
  'aria-label': string;
  autoFocus: MenuFocus;
  onClose: () => void;
  items: MenuItemSpec[];
}

function MenuList({ items, ...props }: MenuListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const disabledKeys = items.filter((i) => i.isDisabled).map((i) => i.key);
  const state = useTreeState<MenuItemSpec>({
    items,
    disabledKeys,
    children: (item) => <Item key={item.key} textValue={item.label} href={item.href} target={item.target} rel={item.rel}>{item.label}</Item>,
  });
  const onAction = (key: Key) => items.find((i) => i.key === key)?.onAction?.();
  const { menuProps } = useMenu({ ...props, onAction }, state, ref);
  return (
    <div {...menuProps} ref={ref} className="ui-menu">
      {[...state.collection].map((node) => <MenuItem key={node.key} node={node} state={state} />)}
    </div>
  );
}

function MenuItem({ node, state }: { node: Node<MenuItemSpec>; state: TreeState<MenuItemSpec> }) {
  const ref = useRef<HTMLAnchorElement & HTMLDivElement>(null);
  const { menuItemProps, isFocused, isDisabled } = useMenuItem({ key: node.key }, state, ref);
  const { focusProps, isFocusVisible } = useFocusRing();
  const spec = node.value;
  const Element = spec?.href ? 'a' : 'div';
  return (
    <Element
      {...mergeProps(menuItemProps, focusProps)}
      ref={ref}
      className="ui-menu-item"
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-disabled={isDisabled || undefined}
    >
      {spec?.icon && <Icon name={spec.icon} />}
      <span className="ui-menu-item-label">{node.rendered}</span>
      {spec?.detail}
      {spec?.target === '_blank' && <Icon name="external" size={14} className="ui-menu-item-external" />}
    </Element>
  );
}
