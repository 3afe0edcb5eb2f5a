import { isSafeFrameTarget } from '../../lib/safeTarget';
import { isTheme } from '../theme/model';
import { isValidSpeed } from '../views/rotationClock';
import { defaultConfig, EXTRA_PARAMS } from './paramDefaults';
import type { ClockTime, WallboardConfig } from './params';

/*
 * Issue 19: the rules for what every wallboard reads (its items, speed, theme, strip, start, reload), loaded only when
 * the address has parameters. The alert, night and sound parameters are read by extraParams.ts, which comes with the
 * code they ask for (wallboardExtras.tsx), so a plain rotation downloads neither. params.ts puts both together.
 */

const KNOWN = new Set(['views', 'dashboards', 'page', 'speed', 'durations', 'theme', 'strip', 'start', 'reload']);
const DURATION = { min: 5, max: 3600 } as const;
const DASHBOARD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Leaves a value out with the translation key of the rule it broke. */
export type Ignore = (name: string, value: string, rule: string) => void;
/** Reads one of the alert, night and sound parameters into the config. */
export type ExtraParamRule = (name: string, value: string, config: WallboardConfig, ignore: Ignore) => void;

export function clockTime(raw: string): ClockTime | null {
  const m = TIME.exec(raw.trim());
  return m ? { hours: Number(m[1]), minutes: Number(m[2]) } : null;
}

export function wholeNumber(raw: string): number | null {
  return /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

export function list(raw: string): string[] {
  return raw.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

/**
 * Reads the wallboard's URL parameters (docs/wallboard.md) in their order; anything invalid is left out with a notice.
 * Without `extra`, the alert, night and sound parameters are skipped.
 */
export function parseParams(search: string, base?: string, origin?: string, extra?: ExtraParamRule): WallboardConfig {
  const params = new URLSearchParams(search);
  const config = defaultConfig();
  const ignore: Ignore = (name, value, rule) => config.notices.push({ name, value, rule: `wallboard.rule.${rule}` });

  for (const [name, value] of params) {
    if (EXTRA_PARAMS.has(name)) {
      extra?.(name, value, config, ignore);
      continue;
    }
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
