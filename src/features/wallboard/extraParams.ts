import { ALERT_SECONDS, ALERT_SHARE_PERCENT } from './paramDefaults';
import { clockTime, list, wholeNumber, type ExtraParamRule } from './paramRules';

function onOff(raw: string): boolean | null {
  const v = raw.trim().toLowerCase();
  if (v === 'on' || v === '1') return true;
  if (v === 'off' || v === '0') return false;
  return null;
}

/** The alert, night and sound parameters (issues 8 and 10); loaded with the code they ask for (wallboardExtras.tsx). */
export const extraParamRule: ExtraParamRule = (name, value, config, ignore) => {
  switch (name) {
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
    case 'alertshare': {
      const percent = wholeNumber(value);
      if (percent !== null && percent >= ALERT_SHARE_PERCENT.min && percent <= ALERT_SHARE_PERCENT.max) config.alertShare = percent;
      else ignore('alertshare', value, 'alertShare');
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
};
