import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent, type PointerEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { mergeProps, setInteractionModality, useFocusWithin, useTooltip, useTooltipTrigger } from 'react-aria';
import { useTooltipTriggerState, type TooltipTriggerState } from 'react-stately';
import type { DOMAttributes } from '@react-types/shared';
import './Tooltip.css';

/** Spec section 9: 700 ms before the first tooltip, then a short window in which the next one opens at once. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_WINDOW = 300;

export interface TooltipTriggerRender<E extends HTMLElement> {
  triggerProps: DOMAttributes;
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

/**
 * react-aria tooltip whose popup sits right after the trigger in the DOM, so keyboard users can Tab into
 * interactive content; it is positioned `fixed` so scrolling containers do not clip it.
 */
export function TooltipTrigger<E extends HTMLElement = HTMLAnchorElement>({ children, tooltip, interactive = false, placement = 'right', delay = TOOLTIP_DELAY, closeDelay = TOOLTIP_SKIP_WINDOW, className }: TooltipTriggerProps<E>) {
  const triggerRef = useRef<E>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const state = useTooltipTriggerState({ delay, closeDelay });
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
  const pointerProps: DOMAttributes = {
    onPointerEnter: (e: PointerEvent) => { if (e.pointerType === 'mouse') setInteractionModality('pointer'); },
  };
  const interactiveProps: DOMAttributes = interactive ? {
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
  }, [focusInside]);

  return (
    <span className={['ui-tooltip-trigger', className].filter(Boolean).join(' ')} data-open={isOpen || undefined}>
      {children({ triggerProps: mergeProps(pointerProps, interactiveProps, triggerProps), triggerRef, isOpen })}
      {isOpen && (
        <Tooltip ref={tooltipRef} state={guarded} tooltipProps={mergeProps(tooltipProps, focusWithinProps)} triggerRef={triggerRef} placement={placement}>
          {tooltip}
        </Tooltip>
      )}
    </span>
  );
}

interface TooltipProps {
  state: TooltipTriggerState;
  tooltipProps: DOMAttributes;
  triggerRef: RefObject<HTMLElement | null>;
  placement: 'right' | 'bottom';
  ref: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

export function Tooltip({ state, tooltipProps, triggerRef, placement, ref, children }: TooltipProps) {
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
