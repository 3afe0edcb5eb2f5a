import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useHttp, type HttpClient } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { Icon } from '../../ui/Icon';
import { useConnection } from '../connection/model';
import { clockTime } from '../connection/staleness';
import { createAwayModel, type AwayModel, type ProblemSummary } from './awayModel';

const STORED_KEY = 'pharos.wallboard.lastGood';

/**
 * How many problems started and ended since `since` (ms, this screen's clock), as the server's state history counts
 * them. Asked as a length of time (`ago`): a TV's clock is often not set like the server's.
 */
export function historySummary(http: Pick<HttpClient, 'get'>, now: () => number = Date.now): (since: number) => Promise<ProblemSummary> {
  return (since) => http.get<ProblemSummary>('api/v2/history/summary', { params: { ago: String(Math.max(1, Math.ceil((now() - since) / 1000))) } });
}

/** The screen's own fact, not the user's: kept across a reload or a power cut; without storage, within the page. */
function screenStorage(): { get(): string | null; set(value: string): void } {
  return {
    get: () => { try { return window.localStorage.getItem(STORED_KEY); } catch { return null; } },
    set: (value) => { try { window.localStorage.setItem(STORED_KEY, value); } catch { /* private mode: this page only */ } },
  };
}

/** Issue 37: the "while you were away" line's model, running while the wall does. */
export function useAwayModel(): AwayModel {
  const http = useHttp();
  const connection = useConnection();
  const [model] = useState(() => createAwayModel({ connection, summary: historySummary(http), stored: screenStorage() }));
  useEffect(() => model.start(), [model]);
  return model;
}

/**
 * After the wall or the server was away: from when to when, and how many problems started and ended meanwhile, in
 * words. Until the server has said, it says it is reading; never a count it does not have.
 */
export function AwayLine({ model }: { model: AwayModel }) {
  useSignals();
  const t = useT();
  const line = model.line.value;
  if (!line) return null;
  const times = { from: clockTime(line.from), to: clockTime(line.to) };
  const text = line.summary
    ? t('wallboard.away.summary', { ...times, started: line.summary.started, ended: line.summary.ended })
    : t(line.failed ? 'wallboard.away.failed' : 'wallboard.away.reading', times);
  return (
    <p className="wallboard-away" role="status" data-testid="wallboard-away" data-state={line.summary ? 'read' : line.failed ? 'failed' : 'reading'}>
      <Icon name={line.summary ? 'info' : 'warning'} />
      {text}
    </p>
  );
}
