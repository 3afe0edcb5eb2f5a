import type { ReadonlySignal } from '@preact/signals-react';
import { createMutation } from './resource';

/** A notice as the toast store takes it (features/toast's ToastInput); lib sits below the features, so it names the shape. */
export interface SubmitNotice {
  variant: 'success' | 'error';
  title: string;
  description?: string;
}

export interface SubmitOptions<A, T> {
  write: (args: A) => Promise<T>;
  /** Where notices go: the toast store's `toast`, handed in by whoever owns the store. */
  notify: (notice: SubmitNotice) => void;
  /** The success notice; none when it gives none. */
  done?: (value: T, args: A) => SubmitNotice | undefined;
  /** The failure notice; none when it gives none (the caller then shows the reason itself, e.g. in its form). */
  failed: (error: unknown, args: A) => SubmitNotice | undefined;
}

export interface Submit<A> {
  /** A write is running: the form shows it busy, and another submit is ignored. */
  readonly pending: ReadonlySignal<boolean>;
  /**
   * Writes once (spec 9: no retries for mutations) and raises the notice; true when done. False when it failed (the
   * failure is reported, so the form keeps its input) or when a write was still running (a double submit).
   */
  run(args: A): Promise<boolean>;
}

/** Every form's submit: a busy flag, one write at a time, then a success or failure notice. */
export function createSubmit<A, T = unknown>({ write, notify, done, failed }: SubmitOptions<A, T>): Submit<A> {
  const mutation = createMutation(write);
  return {
    pending: mutation.pending,
    async run(args) {
      if (mutation.pending.peek()) return false;
      let value: T;
      try {
        value = await mutation.run(args);
      } catch (error) {
        const notice = failed(error, args);
        if (notice) notify(notice);
        return false;
      }
      const notice = done?.(value, args);
      if (notice) notify(notice);
      return true;
    },
  };
}
