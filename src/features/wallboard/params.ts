import type { Theme } from '../../lib/apiTypes';
import { withBase } from '../../lib/base';
import { extraParamRule } from './extraParams';
import { parseParams } from './paramRules';

export type StripPlace = 'bottom' | 'top' | 'off';

/** A parameter left out, and the translation key of the rule it broke. */
export interface IgnoredParam { name: string; value: string; rule: string }

/** One thing the URL asks the wallboard to show, in the order given. */
export type Source =
  | { kind: 'view'; index: number }
  | { kind: 'dashboard'; id: string }
  | { kind: 'page'; path: string };

export interface WallboardConfig {
  /** Empty: the user's My Views (or the built-in playlist when there are none). */
  sources: Source[];
  /** Seconds per item, by position; overrides the speed for those items. */
  durations: number[];
  speed?: number;
  theme?: Theme;
  strip: StripPlace;
  /** The item to start with (0-based). */
  start: number;
  /** A daily full reload at the first boundary after this time ("03:30"). */
  reload?: { hours: number; minutes: number };
  /** Alert interrupts (issue 10); undefined: on for paired displays, off for a signed-in browser. */
  alerts?: boolean;
  /** How long an alert interrupts the rotation. */
  alertSeconds: number;
  /** The percentage of the wall's time alert cards may hold (issue 35); the default when not given. */
  alertShare?: number;
  /** Night care: outside working hours the screen dims or blanks, unless there are unhandled critical problems. */
  night?: { from: ClockTime; to: ClockTime };
  nightMode: NightMode;
  /** nightmode=views:<list>: the My Views (by number) the screen rotates through at night instead of dimming. */
  nightViews?: Source[];
  /** A short tone on a new problem or a recovery; off unless asked for. */
  sound: boolean;
  /** With sound: speak the change in this voice (a browser voice name, or "default") instead of the tone. */
  voice?: string;
  /** One per ignored value, shown on the strip: bad parameters never blank the screen. */
  notices: IgnoredParam[];
}

export interface ClockTime { hours: number; minutes: number }
export type NightMode = 'dim' | 'blank' | 'views';

/** Reads the wallboard's URL parameters (docs/wallboard.md); anything invalid is left out with a notice. */
export function parseWallboardParams(search: string, base?: string, origin?: string): WallboardConfig {
  return parseParams(search, base, origin, extraParamRule);
}

export { ALERT_SECONDS } from './paramDefaults';
export { MAX_ITEMS } from './paramRules';

/** The wallboard address for a set of choices (the Wallboard link dialog), absolute on this site. */
type LinkParam = 'views' | 'dashboards' | 'speed' | 'durations' | 'theme' | 'strip' | 'start' | 'reload' | 'alerts' | 'alertseconds' | 'night' | 'nightmode' | 'sound';
const LINK_PARAMS: readonly LinkParam[] = ['speed', 'durations', 'theme', 'strip', 'start', 'reload', 'alerts', 'alertseconds', 'night', 'nightmode', 'sound'];

export function wallboardUrl(choices: Partial<Record<LinkParam, string>> & { pages?: string[] }, origin: string = window.location.origin): string {
  const params = new URLSearchParams();
  for (const key of ['views', 'dashboards'] as const) if (choices[key]) params.set(key, choices[key]);
  for (const page of choices.pages ?? []) params.append('page', page);
  for (const key of LINK_PARAMS) if (choices[key]) params.set(key, choices[key]);
  const query = params.toString();
  return `${origin}${withBase('wallboard')}${query ? `?${query}` : ''}`;
}
