import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ConnectionModel } from '../connection/model';

/** What the server says happened in a window (api/v2/history/summary). */
export interface ProblemSummary { started: number; ended: number }

/**
 * The wall's "while you were away" line (issue 37): after the wall or the server was away, from when to when, and,
 * once the server has said so, how many problems started and ended meanwhile. `summary` undefined: not read yet (or
 * the read failed and is tried again), never shown as nothing having happened.
 */
export interface AwayLine { from: number; to: number; summary?: ProblemSummary; failed?: boolean }

export interface AwayDeps {
  connection: Pick<ConnectionModel, 'state' | 'lastContactAt'>;
  /** `since` in ms of this screen's clock; the server counts up to its now. */
  summary(since: number): Promise<ProblemSummary>;
  /** Where the last good answer's time outlives the page (a TV switched off, a reload). */
  stored: { get(): string | null; set(value: string): void };
  now?: () => number;
  clock?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
}

export interface AwayModel {
  readonly line: ReadonlySignal<AwayLine | null>;
  start(): () => void;
}

/** Three missed watch probes (every 10 s) and more than a keep-alive (60 s): a gap beyond it is an absence. */
export const AWAY_GAP_MS = 90_000;
/** How long the line stays: long enough for someone coming into the room to read it. */
export const AWAY_SHOW_MS = 10 * 60_000;
/** A failed read is tried again this often while the server answers. */
const RETRY_MS = 30_000;
/** The stored time is written at most this often: it only has to be about right. */
const STORE_EVERY_MS = 10_000;

export function createAwayModel(deps: AwayDeps): AwayModel {
  const now = deps.now ?? Date.now;
  const clock = deps.clock ?? globalThis;
  const line = signal<AwayLine | null>(null);
  let lastGood: number | undefined;
  let storedAt = 0;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const read = (away: AwayLine) => {
    deps.summary(away.from).then((summary) => {
      if (!stopped && line.peek() === away) line.value = { from: away.from, to: away.to, summary };
    }, () => {
      if (stopped || line.peek() !== away) return;
      const failed = { ...away, failed: true };
      line.value = failed;
      retry = clock.setTimeout(() => read(failed), RETRY_MS);
    });
  };

  /** The server answered while online at `at`: the end of an absence, if the last such answer is long enough ago. */
  const good = (at: number) => {
    const previous = lastGood ?? Number(deps.stored.get() ?? Number.NaN);
    lastGood = at;
    if (at - storedAt >= STORE_EVERY_MS) {
      storedAt = at;
      deps.stored.set(String(at));
    }
    if (!Number.isFinite(previous) || at - previous <= AWAY_GAP_MS) return;
    clock.clearTimeout(retry);
    clock.clearTimeout(hide);
    const away: AwayLine = { from: previous, to: at };
    line.value = away;
    read(away);
    hide = clock.setTimeout(() => { line.value = null; clock.clearTimeout(retry); }, AWAY_SHOW_MS);
  };

  return {
    line,
    start() {
      stopped = false;
      const stop = effect(() => {
        const at = deps.connection.lastContactAt.value;
        if (deps.connection.state.value === 'online' && at !== undefined) good(Math.min(at, now()));
      });
      return () => {
        stopped = true;
        stop();
        clock.clearTimeout(hide);
        clock.clearTimeout(retry);
      };
    },
  };
}
