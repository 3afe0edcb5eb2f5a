import { signal, type ReadonlySignal } from '@preact/signals-react';
import { createModelContext } from '../../lib/modelContext';
import type { ToastVariant } from '../../ui/Toast';

export type { ToastVariant };

/** Spec 4 and 9: one toast at a time, closing itself after 5000 ms, removed 1,000,000 ms after it was dismissed. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastEntry {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  /** False once dismissed: it is no longer shown, and is removed after TOAST_REMOVE_DELAY. */
  open: boolean;
}

/** The four actions of spec 4. */
export type ToastAction =
  | { type: 'added'; toast: ToastEntry }
  | { type: 'updated'; toast: Partial<ToastEntry> & { id: string } }
  | { type: 'dismissed'; id?: string }
  | { type: 'removed'; id?: string };

/** Without an id, dismissed and removed apply to every toast. */
export function reduceToasts(state: readonly ToastEntry[], action: ToastAction): ToastEntry[] {
  switch (action.type) {
    case 'added':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'updated':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'dismissed':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'removed':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

export interface ToastHandle {
  id: string;
  dismiss(): void;
  update(changes: Partial<ToastInput>): void;
}

export interface ToastStore {
  readonly toasts: ReadonlySignal<readonly ToastEntry[]>;
  toast(input: ToastInput): ToastHandle;
  dismiss(id?: string): void;
}

export function createToastStore(): ToastStore {
  const toasts = signal<readonly ToastEntry[]>([]);
  const removals = new Map<string, ReturnType<typeof setTimeout>>();
  let count = 0;

  const dispatch = (action: ToastAction) => {
    const before = toasts.peek();
    const after = reduceToasts(before, action);
    // A toast pushed out by the limit or removed needs no removal timer any more.
    for (const t of before) {
      if (!after.some((a) => a.id === t.id)) {
        clearTimeout(removals.get(t.id));
        removals.delete(t.id);
      }
    }
    toasts.value = after;
  };

  const scheduleRemoval = (id: string) => {
    if (removals.has(id)) return;
    removals.set(id, setTimeout(() => {
      removals.delete(id);
      dispatch({ type: 'removed', id });
    }, TOAST_REMOVE_DELAY));
  };

  const dismiss = (id?: string) => {
    for (const t of toasts.peek()) if (id === undefined || t.id === id) scheduleRemoval(t.id);
    dispatch(id === undefined ? { type: 'dismissed' } : { type: 'dismissed', id });
  };

  const toast = (input: ToastInput): ToastHandle => {
    count += 1;
    const id = String(count);
    dispatch({
      type: 'added',
      toast: { id, title: input.title, description: input.description, variant: input.variant ?? 'default', duration: input.duration ?? TOAST_DURATION, open: true },
    });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (changes) => dispatch({ type: 'updated', toast: { ...changes, id } }),
    };
  };

  return { toasts, toast, dismiss };
}

/** The app's toasts, made by the composition root; the Toaster shows them. */
export const ToastContext = createModelContext<ToastStore>('ToastStore');
export const useToasts = ToastContext.use;
