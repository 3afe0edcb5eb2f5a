import { useEffect, useState } from 'react';

/**
 * The current time, updated every `everyMs` while the component is mounted (countdowns, ages). The updates fall on
 * whole multiples of `everyMs` of the clock, so two countdowns of the same moment on one screen (the wall's band and its
 * strip) never read a second apart.
 */
export function useNow(everyMs = 1000, active = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    let timer: ReturnType<typeof setInterval> | undefined;
    const aligned = setTimeout(() => {
      setNow(Date.now());
      timer = setInterval(() => setNow(Date.now()), everyMs);
    }, everyMs - (Date.now() % everyMs));
    return () => {
      clearTimeout(aligned);
      clearInterval(timer);
    };
  }, [everyMs, active]);
  return now;
}
