import { useCallback, useMemo, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import type { DomProps } from './mergeDomProps';
import { preloadOverlays, useOverlays } from './overlays';
import './Tooltip.css';

/** Spec section 9: 700 ms before the first tooltip, then a short window in which the next one opens at once. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_WINDOW = 300;

export interface TooltipTriggerRender<E extends HTMLElement> {
  triggerProps: DomProps;
  triggerRef: RefObject<E | null>;
  isOpen: boolean;
}

export interface TooltipTriggerProps<E extends HTMLElement> {
  /** Renders the trigger; spread triggerProps (e.g. Link's or Button's domProps) and attach triggerRef. */
  children: (render: TooltipTriggerRender<E>) => ReactNode;
  tooltip: ReactNode;
  /** The tooltip holds links: it stays open while the pointer or focus is inside it, and a touch tap on the trigger opens it. */
  interactive?: boolean;
  placement?: 'right' | 'bottom';
  delay?: number;
  closeDelay?: number;
  className?: string;
}

/** The trigger events react-aria's tooltip listens to; the trigger forwards them once that code is loaded. */
export type TooltipHandlers = Pick<DomProps, 'onPointerEnter' | 'onPointerLeave' | 'onPointerDown' | 'onFocus' | 'onBlur' | 'onKeyDown' | 'onKeyUp' | 'onClick'>;

/** How react-aria's tooltip (loaded on demand) talks to the trigger element, which never re-mounts. */
export interface TooltipBridge {
  handlers: RefObject<TooltipHandlers>;
  /** A touch tap asked for the tooltip before its code was there. */
  tapped: RefObject<boolean>;
  /** A mouse is over the trigger (tracked until the code is there). */
  hovered: RefObject<boolean>;
  report: (view: TooltipView) => void;
}

export interface TooltipView { isOpen: boolean; describedBy: string | undefined }

const CLOSED: TooltipView = { isOpen: false, describedBy: undefined };

/**
 * A tooltip on hover and keyboard focus (react-aria semantics). At first paint the trigger is plain DOM; its
 * first pointer entry, focus or touch loads react-aria's tooltip, which then replays that interaction, so the
 * tooltip still opens. The popup sits right after the trigger in the DOM, so keyboard users can Tab into it.
 */
export function TooltipTrigger<E extends HTMLElement = HTMLAnchorElement>({ children, ...props }: TooltipTriggerProps<E>) {
  const triggerRef = useRef<E>(null);
  const overlays = useOverlays();
  const handlers = useRef<TooltipHandlers>({});
  const tapped = useRef(false);
  const hovered = useRef(false);
  const lastPointer = useRef('');
  const [view, setView] = useState<TooltipView>(CLOSED);
  const report = useCallback((next: TooltipView) => {
    setView((prev) => (prev.isOpen === next.isOpen && prev.describedBy === next.describedBy ? prev : next));
  }, []);
  const { interactive = false } = props;

  const triggerProps = useMemo<DomProps>(() => ({
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      hovered.current = e.pointerType === 'mouse';
      if (handlers.current.onPointerEnter) handlers.current.onPointerEnter(e); else preloadOverlays();
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      hovered.current = false;
      handlers.current.onPointerLeave?.(e);
    },
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      lastPointer.current = e.pointerType;
      if (handlers.current.onPointerDown) handlers.current.onPointerDown(e); else preloadOverlays();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => { if (handlers.current.onFocus) handlers.current.onFocus(e); else preloadOverlays(); },
    onBlur: (e: FocusEvent<HTMLElement>) => handlers.current.onBlur?.(e),
    onKeyDown: (e) => handlers.current.onKeyDown?.(e),
    onKeyUp: (e) => handlers.current.onKeyUp?.(e),
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (handlers.current.onClick) { handlers.current.onClick(e); return; }
      // Touch has no hover: before the code is there, the first tap still asks for the links instead of following the trigger.
      if (interactive && lastPointer.current === 'touch') { e.preventDefault(); tapped.current = true; preloadOverlays(); }
      lastPointer.current = '';
    },
  }), [interactive]);

  const bridge = useMemo<TooltipBridge>(() => ({ handlers, tapped, hovered, report }), [report]);
  return (
    <span className={['ui-tooltip-trigger', props.className].filter(Boolean).join(' ')} data-open={view.isOpen || undefined}>
      {children({ triggerProps: { ...triggerProps, 'aria-describedby': view.describedBy }, triggerRef, isOpen: view.isOpen })}
      {overlays && <overlays.TooltipController {...props} triggerRef={triggerRef} bridge={bridge} />}
    </span>
  );
}
