import { useEffect, useState } from 'react';

/** The current time, updated every `everyMs` while the component is mounted (countdowns, ages). */
export function useNow(everyMs = 1000, active = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
