import type { WallboardConfig } from './params';

/*
 * Issue 19: what a wallboard knows of its parameters before their rules have loaded (paramRules.ts, extraParams.ts):
 * a wallboard without any needs no more than this.
 */

export const ALERT_SECONDS = { min: 10, max: 600, default: 30 } as const;
/** Issue 35: the percentage of the wall's time alert cards may hold (a third by default). */
export const ALERT_SHARE_PERCENT = { min: 10, max: 50, default: 33 } as const;

/** Parameters read by extraParams.ts. */
export const EXTRA_PARAMS: ReadonlySet<string> = new Set(['alerts', 'alertseconds', 'alertshare', 'night', 'nightmode', 'sound', 'voice']);

/** Whether the address asks for alerts, night care or sound (whatever their values): their rules load with their code. */
export function hasExtraParams(search: string): boolean {
  return [...new URLSearchParams(search).keys()].some((name) => EXTRA_PARAMS.has(name));
}

/** The configuration of an address without parameters. */
export function defaultConfig(): WallboardConfig {
  return { sources: [], durations: [], strip: 'bottom', start: 0, alertSeconds: ALERT_SECONDS.default, nightMode: 'dim', sound: false, notices: [] };
}
