import { useSignals } from '@preact/signals-react/runtime';
import type { Resource } from '../../lib/resource';
import { useConnection } from './model';

export interface Staleness {
  /** The value may no longer be true: it is a stored copy, or the server is not answering right now. */
  stale: boolean;
  /** When the value shown was fetched from the server. */
  at: number | undefined;
}

/** Whether a resource's value must be shown as stale, and since when (never shown as live when not sure). */
export function useStaleness(resource: Pick<Resource<unknown>, 'fromStore' | 'updatedAt'>): Staleness {
  useSignals();
  const online = useConnection().online.value;
  return { stale: resource.fromStore.value || !online, at: resource.updatedAt.value };
}

/**
 * Module state, as a cache only (issue 19): building a formatter is what makes formatting a time slow (toLocaleTimeString
 * with options builds one per call), and the wallboard's clock and data ages format times on every render. The
 * formatter of the last locale and zone asked for.
 */
let clockFormat: { locale: string; zone: string | undefined; format: Intl.DateTimeFormat } | undefined;

/**
 * Issue 35: clock times show in the server's time zone, the one its pages write times in, so the wall's clock and a
 * page's "Data from 22:40:54" beside it read as one time. A zone the browser does not know leaves the browser's own.
 */
export function showTimesIn(zone: string | undefined): void {
  const root = document.documentElement;
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    root.dataset.timeZone = zone;
  } catch {
    delete root.dataset.timeZone;
  }
}

/**
 * A clock time ("14:32") in the page's language, always on the 24-hour clock: the server's pages and data ages use it,
 * and a wall clock in another format beside them reads as another time (issue 20). In the server's time zone once it
 * is known (showTimesIn).
 */
export function clockTime(at: number, locale: string = document.documentElement.lang || 'en'): string {
  const zone = document.documentElement.dataset.timeZone;
  if (clockFormat?.locale !== locale || clockFormat.zone !== zone) {
    clockFormat = { locale, zone, format: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(zone ? { timeZone: zone } : {}) }) };
  }
  return clockFormat.format.format(at);
}
