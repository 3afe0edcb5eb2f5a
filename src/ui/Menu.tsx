import { Suspense, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { ErrorBoundary } from './ErrorBoundary';
import type { IconName } from './Icon';
import { preloadOverlays, useOverlays } from './overlays';
import type { Placement } from './Popover';
import { useOverlayState } from './useOverlayState';
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

/**
 * Items built by code that loads with the menu (a lazy component, so the first load carries none of it): given the
 * open menu for a list of items, it renders that menu once it has them.
 */
export type LazyMenuItems = (menuFor: (items: MenuItemSpec[]) => ReactNode) => ReactNode;

export interface MenuTriggerProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** What the button shows; defaults to the label. */
  children?: ReactNode;
  items: MenuItemSpec[] | LazyMenuItems;
  /** Starts loading what lazy items need, with the overlay code: on the trigger's first hover, focus or press. */
  preload?: () => void;
  /** Non-interactive heading above the items (e.g. the username). */
  header?: ReactNode;
  placement?: Placement;
  className?: string;
  'data-testid'?: string;
  /** Lets callers colour the trigger by state (e.g. the system status). */
  triggerAttributes?: Record<`data-${string}`, string | undefined>;
}

/** Where focus goes when the menu opens: the menu itself (mouse), or its first or last item (keyboard). */
export type MenuFocus = true | 'first' | 'last';

/**
 * A menu button (WAI-ARIA menu button pattern). The button is plain DOM; the menu (react-aria, and lazy items' code)
 * loads on the first hover, focus or press and opens with focus inside it.
 */
export function MenuTrigger({ label, children, items, preload, header, placement = 'bottom end', className, triggerAttributes, ...rest }: MenuTriggerProps) {
  const state = useOverlayState();
  const [focus, setFocus] = useState<MenuFocus>(true);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const menuId = useId();
  const overlays = useOverlays(state.isOpen);
  const labelled = children === undefined ? label : undefined;
  const open = (strategy: MenuFocus) => {
    setFocus(strategy);
    state.open();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    open(e.key === 'ArrowUp' ? 'last' : 'first');
  };
  const onClick = (e: MouseEvent<HTMLElement>) => {
    // Focus returns to the trigger when the menu closes, so it must hold focus now (Safari does not focus on click).
    e.currentTarget.focus();
    // Enter and Space arrive as a click without a pointer (detail 0): the keyboard user lands on the first item.
    if (state.isOpen) state.close();
    else open(e.detail === 0 ? 'first' : true);
  };
  const shown = state.isOpen && overlays !== undefined;
  const menuFor = (list: MenuItemSpec[]) => overlays && (
    <overlays.MenuPopover
      state={state}
      triggerRef={triggerRef}
      placement={placement}
      header={header}
      items={list}
      label={label}
      menuId={menuId}
      triggerId={triggerId}
      autoFocus={focus}
    />
  );
  const preloadAll = () => {
    preloadOverlays();
    preload?.();
  };
  return (
    <span className={['ui-menu-trigger', className].filter(Boolean).join(' ')} data-open={state.isOpen || undefined} data-testid={rest['data-testid']} {...triggerAttributes}>
      <Button
        ref={triggerRef}
        id={triggerId}
        aria-label={labelled ? undefined : label}
        aria-haspopup
        aria-expanded={state.isOpen}
        aria-controls={shown ? menuId : undefined}
        onKeyDown={onKeyDown}
        domProps={{ onPointerEnter: preloadAll, onPointerDown: preloadAll, onFocus: preloadAll, onClick }}
        variant="quiet"
      >
        {children ?? label}
      </Button>
      {shown && (typeof items === 'function' ? (
        // Code that did not load (offline) leaves the menu closed rather than taking its region down.
        <ErrorBoundary fallback={null}><Suspense fallback={null}>{items(menuFor)}</Suspense></ErrorBoundary>
      ) : menuFor(items))}
    </span>
  );
}
