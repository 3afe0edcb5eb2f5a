import { useRef, type ReactNode } from 'react';
import { mergeProps, useFocusRing, useMenu, useMenuItem, useMenuTrigger, type AriaMenuOptions, type Placement } from 'react-aria';
import { Item, useMenuTriggerState, useTreeState, type Key, type Node, type TreeState } from 'react-stately';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';
import { Popover } from './Popover';
import './Menu.css';

export interface MenuItemSpec {
  key: string;
  label: string;
  icon?: IconName;
  /** Items with href are real links (target/rel honoured); others run onAction. */
  href?: string;
  target?: string;
  rel?: string;
  onAction?: () => void;
  isDisabled?: boolean;
  /** Extra content after the label, e.g. a status word. */
  detail?: ReactNode;
}

export interface MenuTriggerProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** What the button shows; defaults to the label. */
  children?: ReactNode;
  items: MenuItemSpec[];
  /** Non-interactive heading above the items (e.g. the username). */
  header?: ReactNode;
  placement?: Placement;
  className?: string;
  'data-testid'?: string;
  /** Lets callers colour the trigger by state (e.g. the system status). */
  triggerAttributes?: Record<`data-${string}`, string | undefined>;
}

/** A button that opens a react-aria menu in a popover. */
export function MenuTrigger({ label, children, items, header, placement = 'bottom end', className, triggerAttributes, ...rest }: MenuTriggerProps) {
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger<MenuItemSpec>({}, state, triggerRef);
  const labelled = children === undefined ? label : undefined;
  return (
    <span className={['ui-menu-trigger', className].filter(Boolean).join(' ')} data-open={state.isOpen || undefined} data-testid={rest['data-testid']} {...triggerAttributes}>
      <Button {...menuTriggerProps} ref={triggerRef} aria-label={labelled ? undefined : label} variant="quiet">
        {children ?? label}
      </Button>
      {state.isOpen && (
        <Popover state={state} triggerRef={triggerRef} placement={placement}>
          {header && <div className="ui-menu-header">{header}</div>}
          <MenuList {...menuProps} aria-label={label} items={items} />
        </Popover>
      )}
    </span>
  );
}

interface MenuListProps extends AriaMenuOptions<MenuItemSpec> {
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
