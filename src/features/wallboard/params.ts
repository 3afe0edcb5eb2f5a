import type { Theme } from '../../lib/apiTypes';
import { withBase } from '../../lib/base';
import { isSafeFrameTarget } from '../../lib/safeTarget';
import { isTheme } from '../theme/model';
import { isValidSpeed } from '../views/rotationModel';

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
export const ALERT_SECONDS = { min: 10, max: 600, default: 30 } as const;

const DURATION = { min: 5, max: 3600 } as const;
const DASHBOARD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const KNOWN = new Set(['views', 'dashboards', 'page', 'speed', 'durations', 'theme', 'strip', 'start', 'reload', 'alerts', 'alertseconds', 'night', 'nightmode', 'sound', 'voice']);
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function clockTime(raw: string): ClockTime | null {
  const m = TIME.exec(raw.trim());
  return m ? { hours: Number(m[1]), minutes: Number(m[2]) } : null;
}

function onOff(raw: string): boolean | null {
  const v = raw.trim().toLowerCase();
  if (v === 'on' || v === '1') return true;
  if (v === 'off' || v === '0') return false;
  return null;
}

function wholeNumber(raw: string): number | null {
  return /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

function list(raw: string): string[] {
  return raw.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

/** Reads the wallboard's URL parameters (docs/wallboard.md); anything invalid is left out with a notice. */
export function parseWallboardParams(search: string, base?: string, origin?: string): WallboardConfig {
  const params = new URLSearchParams(search);
  const config: WallboardConfig = { sources: [], durations: [], strip: 'bottom', start: 0, alertSeconds: ALERT_SECONDS.default, nightMode: 'dim', sound: false, notices: [] };
  const ignore = (name: string, value: string, rule: string) => config.notices.push({ name, value, rule: `wallboard.rule.${rule}` });

  for (const [name, value] of params) {
    if (!KNOWN.has(name)) {
      ignore(name, value, 'unknown');
      continue;
    }
    switch (name) {
      case 'views':
        for (const v of list(value)) {
          const index = wholeNumber(v);
          if (index === null) ignore('views', v, 'view');
          else config.sources.push({ kind: 'view', index });
        }
        break;
      case 'dashboards':
        for (const v of list(value)) {
          if (DASHBOARD_ID.test(v)) config.sources.push({ kind: 'dashboard', id: v });
          else ignore('dashboards', v, 'dashboard');
        }
        break;
      case 'page': {
        const safe = isSafeFrameTarget(value.trim(), base, origin);
        if (safe) config.sources.push({ kind: 'page', path: safe });
        else ignore('page', value, 'page');
        break;
      }
      case 'speed': {
        const speed = wholeNumber(value);
        if (speed !== null && isValidSpeed(speed)) config.speed = speed;
        else ignore('speed', value, 'speed');
        break;
      }
      case 'durations': {
        const seconds = list(value).map(wholeNumber);
        if (seconds.length > 0 && seconds.every((s): s is number => s !== null && s >= DURATION.min && s <= DURATION.max)) config.durations = seconds;
        else ignore('durations', value, 'durations');
        break;
      }
      case 'theme':
        if (isTheme(value)) config.theme = value;
        else ignore('theme', value, 'theme');
        break;
      case 'strip':
        if (value === 'bottom' || value === 'top' || value === 'off') config.strip = value;
        else ignore('strip', value, 'strip');
        break;
      case 'start': {
        const start = wholeNumber(value);
        if (start !== null) config.start = start;
        else ignore('start', value, 'start');
        break;
      }
      case 'reload': {
        const at = clockTime(value);
        if (at) config.reload = at;
        else ignore('reload', value, 'reload');
        break;
      }
      case 'alerts':
      case 'sound': {
        const on = onOff(value);
        if (on === null) ignore(name, value, 'onOff');
        else if (name === 'alerts') config.alerts = on;
        else config.sound = on;
        break;
      }
      case 'alertseconds': {
        const seconds = wholeNumber(value);
        if (seconds !== null && seconds >= ALERT_SECONDS.min && seconds <= ALERT_SECONDS.max) config.alertSeconds = seconds;
        else ignore('alertseconds', value, 'alertSeconds');
        break;
      }
      case 'night': {
        const [from, to] = value.split('-').map(clockTime);
        if (from && to && (from.hours !== to.hours || from.minutes !== to.minutes)) config.night = { from, to };
        else ignore('night', value, 'night');
        break;
      }
      case 'voice':
        if (value.trim().length >= 1 && value.trim().length <= 100 && ![...value].some((c) => c < ' ' || c === '\u007f')) config.voice = value.trim();
        else ignore('voice', value, 'voice');
        break;
      case 'nightmode': {
        const views = /^views:(.+)$/.exec(value.trim())?.[1];
        const indexes = views === undefined ? [] : list(views).map(wholeNumber);
        if (value === 'dim' || value === 'blank') config.nightMode = value;
        else if (indexes.length > 0 && indexes.every((i): i is number => i !== null)) {
          config.nightMode = 'views';
          config.nightViews = indexes.map((index) => ({ kind: 'view', index }));
        } else ignore('nightmode', value, 'nightMode');
        break;
      }
    }
  }
  limitItems(config);
  return config;
}

/** A wall shows a handful of items; hundreds are a mistake (or an attack on the server), so the rest are left out. */
export const MAX_ITEMS = 100;

function limitItems(config: WallboardConfig): void {
  if (config.sources.length <= MAX_ITEMS) return;
  const dropped = config.sources.splice(MAX_ITEMS);
  const names = dropped.map((s) => (s.kind === 'view' ? String(s.index) : s.kind === 'dashboard' ? s.id : s.path));
  const value = names.length > 3 ? `${names.slice(0, 3).join(',')},… (${names.length})` : names.join(',');
  config.notices.push({ name: dropped[0]!.kind === 'view' ? 'views' : dropped[0]!.kind === 'dashboard' ? 'dashboards' : 'page', value, rule: 'wallboard.rule.tooMany' });
}

/** The wallboard address for a set of choices (the Wallboard link dialog), absolute on this site. */
export function wallboardUrl(choices: Partial<Record<'views' | 'dashboards' | 'speed' | 'durations' | 'theme' | 'strip' | 'start' | 'reload', string>> & { pages?: string[] }, origin: string = window.location.origin): string {
  const params = new URLSearchParams();
  for (const key of ['views', 'dashboards'] as const) if (choices[key]) params.set(key, choices[key]);
  for (const page of choices.pages ?? []) params.append('page', page);
  for (const key of ['speed', 'durations', 'theme', 'strip', 'start', 'reload'] as const) if (choices[key]) params.set(key, choices[key]);
  const query = params.toString();
  return `${origin}${withBase('wallboard')}${query ? `?${query}` : ''}`;
}
