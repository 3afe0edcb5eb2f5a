import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent, type MouseEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { mergeProps, setInteractionModality, useFocusWithin, useTooltip, useTooltipTrigger } from 'react-aria';
import type { TooltipTriggerState } from 'react-stately';
import { useSkipWindowTooltipState } from './skipWindowTooltipState';
import type { DomProps } from '../mergeDomProps';
import { TOOLTIP_DELAY, TOOLTIP_SKIP_WINDOW, type TooltipBridge, type TooltipHandlers, type TooltipTriggerProps } from '../Tooltip';

/** Time to move the pointer from a trigger into its interactive tooltip. */
const INTERACTIVE_CLOSE_DELAY = 300;

export interface TooltipControllerProps<E extends HTMLElement> extends Omit<TooltipTriggerProps<E>, 'children' | 'className'> {
  triggerRef: RefObject<E | null>;
  bridge: TooltipBridge;
}

/**
 * react-aria's tooltip behaviour for a TooltipTrigger: it hands its trigger handlers to the (already mounted)
 * trigger through the bridge and renders the popup. On mount it replays the interaction that loaded it.
 */
export function TooltipController<E extends HTMLElement>({ tooltip, interactive = false, placement = 'right', delay = TOOLTIP_DELAY, closeDelay, triggerRef, bridge }: TooltipControllerProps<E>) {
  const tooltipRef = useRef<HTMLDivElement>(null);
  // Only an interactive tooltip waits before closing, so the pointer can reach its links.
  const state = useSkipWindowTooltipState({ delay, skipWindow: TOOLTIP_SKIP_WINDOW, closeDelay: closeDelay ?? (interactive ? INTERACTIVE_CLOSE_DELAY : 0) });
  const [focusInside, setFocusInside] = useState(false);
  const skipNextOpen = useRef(false);
  const lastPointer = useRef<string>('');
  // After Escape from inside the tooltip focus returns to the trigger; that focus must not reopen it.
  const guarded: TooltipTriggerState = {
    ...state,
    open: (immediate) => {
      if (skipNextOpen.current) { skipNextOpen.current = false; return; }
      state.open(immediate);
    },
  };
  const { triggerProps, tooltipProps } = useTooltipTrigger({ delay, closeDelay, shouldCloseOnPress: !interactive }, guarded, triggerRef);
  const { focusWithinProps } = useFocusWithin({ isDisabled: !interactive, onFocusWithinChange: setFocusInside });
  const isOpen = state.isOpen || focusInside;

  // A pointer that enters the trigger with its very first move has not yet been seen by react-aria's modality tracking.
  const pointerProps: DomProps = {
    onPointerEnter: (e: PointerEvent) => { if (e.pointerType === 'mouse') setInteractionModality('pointer'); },
  };
  const interactiveProps: DomProps = interactive ? {
    // Set in the same event as the trigger's blur, so the popup is not unmounted while focus moves into it.
    onBlur: (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && tooltipRef.current?.contains(e.relatedTarget)) setFocusInside(true);
    },
    onPointerDown: (e: PointerEvent) => { lastPointer.current = e.pointerType; },
    onClick: (e: MouseEvent) => {
      // Touch has no hover, so the first tap shows the links and a second tap follows the trigger's own link.
      if (lastPointer.current === 'touch' && !isOpen) { e.preventDefault(); state.open(true); }
      lastPointer.current = '';
    },
  } : {};
  const handlers: TooltipHandlers & { 'aria-describedby'?: string } = mergeProps(pointerProps, interactiveProps, triggerProps);
  const describedBy = handlers['aria-describedby'];

  useLayoutEffect(() => { bridge.handlers.current = handlers; });
  useLayoutEffect(() => { bridge.report({ isOpen, describedBy }); }, [bridge, isOpen, describedBy]);
  useEffect(() => () => {
    bridge.handlers.current = {};
    bridge.report({ isOpen: false, describedBy: undefined });
  }, [bridge]);

  useEffect(() => {
    // Replays the interaction that loaded this code through React's own event path, so react-aria tracks it as usual.
    const trigger = triggerRef.current;
    if (!trigger) return;
    if (bridge.tapped.current) {
      bridge.tapped.current = false;
      state.open(true);
    } else if (trigger === document.activeElement && trigger.matches(':focus-visible')) {
      trigger.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    } else if (bridge.hovered.current && trigger.matches(':hover')) {
      trigger.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    }
    // Only the interaction from before mounting is replayed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!focusInside) return;
    // The trigger's own Escape handling stops propagation at the document, so listen there too.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      skipNextOpen.current = true;
      setFocusInside(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [focusInside, triggerRef]);

  return isOpen ? (
    <Tooltip ref={tooltipRef} state={guarded} tooltipProps={mergeProps(tooltipProps, focusWithinProps)} triggerRef={triggerRef} placement={placement}>
      {tooltip}
    </Tooltip>
  ) : null;
}

interface TooltipProps {
  state: TooltipTriggerState;
  tooltipProps: DomProps;
  triggerRef: RefObject<HTMLElement | null>;
  placement: 'right' | 'bottom';
  ref: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

/** The popup, positioned `fixed` next to the trigger so scrolling containers do not clip it. */
function Tooltip({ state, tooltipProps, triggerRef, placement, ref, children }: TooltipProps) {
  const { tooltipProps: ownProps } = useTooltip(tooltipProps, state);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  useLayoutEffect(() => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (!rect) return;
    setStyle(placement === 'right'
      ? { top: Math.max(4, rect.top), left: rect.right + 4 }
      : { top: rect.bottom + 4, left: Math.max(4, rect.left) });
  }, [triggerRef, placement]);
  return (
    <div {...mergeProps(tooltipProps, ownProps)} ref={ref} className="ui-tooltip" data-placement={placement} style={style}>
      {children}
    </div>
  );
}
