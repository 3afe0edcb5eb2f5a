import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import type { IgnoredParam } from './params';

/** Long enough to read a few lines from across a room, short enough not to hide the page for long. */
export const NOTICE_LIST_MS = 20_000;

/**
 * Issue 17: the strip has room for one notice; whoever set the screen up needs all of them. For a while after the
 * screen starts (and again when the notices change) they are listed one per line, in full, above the strip.
 */
export function NoticeList({ notices }: { notices: IgnoredParam[] }) {
  const t = useT();
  const key = notices.map((n) => `${n.name}=${n.value}:${n.rule}`).join('\n');
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return undefined;
    setShownFor(key);
    const timer = setTimeout(() => setShownFor(null), NOTICE_LIST_MS);
    return () => clearTimeout(timer);
  }, [key]);
  if (!key || shownFor !== key) return null;
  return (
    <ul className="wallboard-notice-list" data-testid="wallboard-notice-list" aria-label={t('wallboard.noticesLabel')}>
      {notices.map((n) => (
        <li key={`${n.name}=${n.value}:${n.rule}`}>{t('wallboard.ignored', { name: n.name, value: n.value, rule: t(n.rule) })}</li>
      ))}
    </ul>
  );
}
