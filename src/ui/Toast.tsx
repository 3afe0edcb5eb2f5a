import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { mergeProps, useFocusRing, useFocusWithin, useHover } from 'react-aria';
import { IconButton } from './IconButton';
import './Toast.css';

export type ToastVariant = 'default' | 'destructive' | 'success' | 'error';

export interface ToastData {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  variant: ToastVariant;
  /** Milliseconds until it closes by itself (paused while the pointer or focus is on the toasts). */
  duration: number;
}

export interface ToastViewportProps {
  toasts: readonly ToastData[];
  /** The user or the timer closed a toast. */
  onDismiss: (id: string) => void;
  /** Names the region, e.g. "Notifications (F8)". */
  label: string;
  closeLabel: string;
  /** The key that moves focus to the toasts (spec 9: F8). */
  hotkey?: string;
  /** Pixels a toast must be dragged to the right to dismiss it (spec 9: 50). */
  swipeThreshold?: number;
}

/**
 * The toast region: always in the page, so screen readers hear toasts added to it (polite for default and success,
 * assertive for errors). It stays usable while a modal dialog is open (react-aria's top-layer marker).
 */
export function ToastViewport({ toasts, onDismiss, label, closeLabel, hotkey = 'F8', swipeThreshold = 50 }: ToastViewportProps) {
  const ref = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const { hoverProps } = useHover({ onHoverChange: setHovered });
  const { focusWithinProps } = useFocusWithin({ onFocusWithinChange: setPaused });
  const { focusProps, isFocusVisible } = useFocusRing();

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== hotkey || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      const first = ref.current?.querySelector<HTMLElement>('.ui-toast');
      (first ?? ref.current)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hotkey]);

  return (
    <section
      {...mergeProps(hoverProps, focusWithinProps, focusProps)}
      ref={ref}
      className="ui-toast-viewport"
      aria-label={label}
      aria-live="polite"
      tabIndex={-1}
      data-react-aria-top-layer="true"
      data-focus-visible={isFocusVisible || undefined}
      data-paused={paused || hovered || undefined}
    >
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={onDismiss} closeLabel={closeLabel} paused={paused || hovered} swipeThreshold={swipeThreshold} />
      ))}
    </section>
  );
}

interface ToastProps {
  toast: ToastData;
  onDismiss: (id: string) => void;
  closeLabel: string;
  paused: boolean;
  swipeThreshold: number;
}

function Toast({ toast, onDismiss, closeLabel, paused, swipeThreshold }: ToastProps) {
  const { id, duration } = toast;
  const remaining = useRef(duration);
  const swipeStart = useRef<number | null>(null);
  const [swipe, setSwipe] = useState<{ state: 'move' | 'cancel' | 'end'; x: number } | undefined>(undefined);
  const { focusProps, isFocusVisible } = useFocusRing();

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return undefined;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, duration, id, onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    setSwipe({ state: 'move', x: Math.max(0, event.clientX - swipeStart.current) });
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance >= swipeThreshold) {
      setSwipe({ state: 'end', x: distance });
      onDismiss(id);
    } else {
      setSwipe(distance > 0 ? { state: 'cancel', x: 0 } : undefined);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss(id);
    }
  };
  const alert = toast.variant === 'error' || toast.variant === 'destructive';
  return (
    <div
      {...focusProps}
      className="ui-toast"
      role={alert ? 'alert' : 'status'}
      aria-atomic="true"
      tabIndex={0}
      data-variant={toast.variant}
      data-state="open"
      data-swipe={swipe?.state}
      data-focus-visible={isFocusVisible || undefined}
      style={swipe?.state === 'move' ? ({ '--ui-toast-swipe-x': `${swipe.x}px` } as CSSProperties) : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      data-testid="toast"
    >
      <div className="ui-toast-title">{toast.title}</div>
      {toast.description && <div className="ui-toast-description">{toast.description}</div>}
      <IconButton icon="close" label={closeLabel} onPress={() => onDismiss(id)} className="ui-toast-close" />
    </div>
  );
}
