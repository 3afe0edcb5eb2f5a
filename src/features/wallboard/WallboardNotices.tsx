import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { withBase } from '../../lib/base';
import { useT } from '../../lib/i18n';
import { useConnection } from '../connection/model';
import { clockTime } from '../connection/staleness';
import type { IgnoredParam } from './params';

/*
 * Issue 19: what a wallboard shows only when someone has to act (parameters it left out, a lost session), loaded
 * when there is something to show; the server has answered then, so it can send this too.
 */

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

/** A 401 on a screen nobody watches: no login form, but what happened, when, and what to do; it resumes by itself. */
export function SignInNotice() {
  useSignals();
  const t = useT();
  const since = useConnection().since.value;
  return (
    <div className="wallboard-signin" role="alert" data-testid="wallboard-signin">
      <h1>{t('wallboard.signIn.title')}</h1>
      <p>{t('wallboard.signIn.reason', { time: since === undefined ? '–' : clockTime(since) })}</p>
      <p>{t('wallboard.signIn.todo')}</p>
      <a className="button" href={withBase('login.php')} target="_blank" rel="noopener">{t('wallboard.signIn.open')}</a>
    </div>
  );
}
