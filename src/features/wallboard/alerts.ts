import { batch, signal, type ReadonlySignal } from '@preact/signals-react';
import { createPoll } from '../../lib/poll';
import type { ResourceRegistry } from '../../lib/resource';

/** One unhandled hard problem: a host DOWN/UNREACHABLE, or a service CRITICAL on an UP host; not acknowledged, not in downtime. */
export interface Problem {
  host: string;
  service?: string;
  /** Host 1 down, 2 unreachable; service 2 critical. */
  state: number;
  output: string;
  /** When the object entered this state (ms). */
  since: number;
  /** The engine it is on, once several engines are configured: the same host name on two engines is two hosts. */
  engine?: string;
}

export interface Alert extends Problem {
  detectedAt: number;
  recovered: boolean;
}

/** An alert storm (issue 17): several new problems on one card, worst first. */
export interface AlertGroup {
  kind: 'group';
  problems: Problem[];
  detectedAt: number;
}

/** What interrupts the rotation: one problem's card, or one card for a storm. */
export type AlertShown = Alert | AlertGroup;

export const isGroup = (card: AlertShown): card is AlertGroup => 'kind' in card && card.kind === 'group';

/** One poll's answer. A plain list is a continuous feed without a server time (what tests and old servers give). */
export interface ProblemRead {
  problems: Problem[];
  /** The whole list again after a break (the server restarted), not the next step of a continuous feed. */
  relisted: boolean;
  /** The server's time of this answer (ms). */
  at?: number;
}

export const ALERT_POLL_MS = 30_000;
/** This many new problems in one poll, or within STORM_WINDOW_MS, are one card. */
export const STORM_SIZE = 3;
export const STORM_WINDOW_MS = 10_000;
/**
 * A problem listed again after a break is standing when its state began this long before the screen's previous
 * answer: it was already so while the screen had the truth (the margin covers check latency and clock skew).
 */
export const STANDING_MS = 600_000;
/** Cards in a row; then the rotation gets one card's time before the waiting card shows. */
const MAX_CARDS_IN_A_ROW = 2;

/** The same problem is the same object in the same state since the same moment: a new failure later is new again. */
export const problemKey = (p: Problem): string => `${p.host}\n${p.service ?? ''}\n${p.state}\n${p.since}\n${p.engine ?? ''}`;
const objectKey = (p: Problem): string => `${p.host}\n${p.service ?? ''}\n${p.engine ?? ''}`;

/** Host DOWN, then UNREACHABLE, then service CRITICAL; newest first within a state. */
const severity = (p: Problem): number => (p.service !== undefined ? 2 : p.state === 1 ? 0 : 1);
export const worstFirst = (a: Problem, b: Problem): number =>
  severity(a) - severity(b) || b.since - a.since || a.host.localeCompare(b.host) || (a.service ?? '').localeCompare(b.service ?? '');

export interface AlertWatchDeps {
  load(): Promise<Problem[] | ProblemRead>;
  /** The app's resources: the poll goes through one (its retries with backoff, and a poll as soon as the server is back). */
  resources: Pick<ResourceRegistry, 'createResource'>;
  /** How long each alert interrupts the rotation. */
  showMs: number;
  pollMs?: number;
  now?: () => number;
  /** The card timers (the poll's are the resource's). */
  clock?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
  /** A real change worth a sound, once per poll: new problems, or the recovery of the one on screen. */
  onChange?(change: 'problem' | 'recovery', problems: Problem[]): void;
}

export interface AlertWatch {
  /** The card on screen, or null while the rotation runs. */
  readonly current: ReadonlySignal<AlertShown | null>;
  /** New problems waiting (on one card) for the one on screen to end. */
  readonly waiting: ReadonlySignal<number>;
  /** Polls once now (also what the timer does). */
  poll(): Promise<void>;
  /** Starts polling; returns the stop. */
  start(): () => void;
}

/**
 * Issues 10 and 17, alert interrupt: polls the unhandled hard problems and reports the ones not seen before. The first
 * poll is the baseline (a screen switched on does not alert about everything already broken), a problem never
 * interrupts twice, and a recovery while its card shows turns the card into "Recovered". A storm is one card, and
 * whatever arrives while a card shows waits on one more card, so a mass outage never freezes the rotation for long.
 */
export function createAlertWatch(deps: AlertWatchDeps): AlertWatch {
  const now = deps.now ?? Date.now;
  const clock = deps.clock ?? globalThis;
  const current = signal<AlertShown | null>(null);
  const waiting = signal(0);
  /** The one waiting card's problems. */
  let next: Alert[] = [];
  let inARow = 0;
  let resting = false;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  /** When recent new problems were detected: the storm window. */
  let recent: number[] = [];

  const seen = new Set<string>();
  /** The objects of the previous answer, with their state: what the screen knew before a break. */
  let listed = new Map<string, number>();
  /** Every object this screen has listed: one that comes back after being cleared is a re-appearance. */
  const known = new Set<string>();
  let truthAt: number | undefined;
  let baseline = false;

  /** Adds what arrived; an object that changed state again is listed once, as it is now. */
  const merge = (before: Alert[], arrived: Alert[]): Alert[] => {
    const objects = new Set(arrived.map(objectKey));
    return [...before.filter((a) => !objects.has(objectKey(a))), ...arrived];
  };

  const cardOf = (alerts: Alert[]): AlertShown => (alerts.length === 1
    ? alerts[0]!
    : { kind: 'group', problems: alerts.map(({ detectedAt: _d, recovered: _r, ...p }) => p).sort(worstFirst), detectedAt: Math.min(...alerts.map((a) => a.detectedAt)) });

  const show = (card: AlertShown | null) => {
    if (showTimer !== undefined) clock.clearTimeout(showTimer);
    showTimer = card ? clock.setTimeout(end, deps.showMs) : undefined;
    batch(() => {
      current.value = card;
      waiting.value = next.length;
    });
  };

  const showWaiting = () => {
    const alerts = next;
    next = [];
    inARow += 1;
    show(cardOf(alerts));
  };

  function end() {
    showTimer = undefined;
    if (next.length && inARow < MAX_CARDS_IN_A_ROW) return showWaiting();
    inARow = 0;
    show(null);
    if (!next.length) return;
    // Two cards in a row: the rotation runs for one card's time before the waiting one shows.
    resting = true;
    showTimer = clock.setTimeout(() => {
      resting = false;
      showWaiting();
    }, deps.showMs);
  }

  const arrive = (fresh: Alert[], at: number) => {
    recent = recent.filter((t) => t > at - STORM_WINDOW_MS);
    const storm = recent.length + fresh.length >= STORM_SIZE;
    recent.push(...fresh.map(() => at));
    const shown = current.peek();
    if (!shown && !resting) {
      // Two at once keep the one card each of issue 10: the second waits.
      next = storm ? [] : fresh.slice(1);
      inARow = 1;
      show(storm ? cardOf(fresh) : fresh[0]!);
      return;
    }
    if (shown && storm && inARow === 1 && at - shown.detectedAt < STORM_WINDOW_MS && (isGroup(shown) || !shown.recovered)) {
      // The first card on screen began this storm: it becomes the storm's one card, for a card's time from now. Its
      // first seconds (under STORM_WINDOW_MS, which is under a card's time) and this make the two cards of the row.
      const own = isGroup(shown) ? shown.problems.map((p) => ({ ...p, detectedAt: shown.detectedAt, recovered: false })) : [shown];
      const all = merge([...own, ...next], fresh);
      next = [];
      inARow = MAX_CARDS_IN_A_ROW;
      show(cardOf(all));
      return;
    }
    next = merge(next, fresh);
    waiting.value = next.length;
  };

  /** Issue 17: after a break, or when an object comes back, a problem the screen already knew is not new. */
  const isNew = (p: Problem, relisted: boolean): boolean => {
    const standing = truthAt !== undefined && p.since < truthAt - STANDING_MS;
    if (relisted) return listed.get(objectKey(p)) !== p.state && !standing;
    if (!listed.has(objectKey(p)) && known.has(objectKey(p))) return !standing;
    return true;
  };

  // A failed poll is retried, then waits for the next turn: the connection model says why, and the next answer is
  // compared with what was seen before.
  const handle = (answer: Problem[] | ProblemRead) => {
    const read: ProblemRead = Array.isArray(answer) ? { problems: answer, relisted: false } : answer;
    const { problems } = read;
    const fresh = problems.filter((p) => !seen.has(problemKey(p)) && isNew(p, read.relisted)).sort(worstFirst);
    for (const p of problems) {
      seen.add(problemKey(p));
      known.add(objectKey(p));
    }
    listed = new Map(problems.map((p) => [objectKey(p), p.state]));
    if (read.at !== undefined) truthAt = read.at;
    const shown = current.peek();
    if (shown && !isGroup(shown) && !shown.recovered && !listed.has(objectKey(shown))) {
      current.value = { ...shown, recovered: true };
      deps.onChange?.('recovery', [shown]);
    }
    if (!baseline) {
      baseline = true;
      return;
    }
    if (!fresh.length) return;
    const detectedAt = now();
    // One call per poll, however many: a storm plays one tone.
    deps.onChange?.('problem', fresh);
    arrive(fresh.map((p) => ({ ...p, detectedAt, recovered: false })), detectedAt);
  };

  const feed = createPoll({ resources: deps.resources, name: 'wallboard.alerts', load: () => deps.load(), onAnswer: handle, interval: deps.pollMs ?? ALERT_POLL_MS });

  return {
    current,
    waiting,
    poll: feed.poll,
    start() {
      const stop = feed.start();
      return () => {
        stop();
        if (showTimer !== undefined) clock.clearTimeout(showTimer);
      };
    },
  };
}
