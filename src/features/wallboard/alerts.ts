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
  /** When it left the list while its card showed (the server's time where known, ms). */
  recoveredAt?: number;
}

/** A problem on a card of several; it may recover while the card shows. */
export interface GroupRow extends Problem { recovered?: boolean }

/** Several new problems on one card, worst first: a storm, or what waited while the wall had its turn (issue 35). */
export interface AlertGroup {
  kind: 'group';
  problems: GroupRow[];
  detectedAt: number;
  /** The problems waited for the rotation's turn: the card says since when ("5 new problems since 14:02"). */
  waitedSince?: number;
}

/** What interrupts the rotation: one problem's card, or one card for several. */
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
/** New problems within this long of a card's start join that card (a storm arriving over a few polls' seconds). */
export const STORM_WINDOW_MS = 10_000;
/**
 * A problem listed again after a break is standing when its state began this long before the screen's previous
 * answer: it was already so while the screen had the truth (the margin covers check latency and clock skew).
 */
export const STANDING_MS = 600_000;
/**
 * Issue 35, the wall's budget: cards hold at most this share of its time. A card that was on screen for T is followed
 * by T × (1 − share) / share of rotation (twice its time at a third), and by at least one whole rotation item.
 */
export const ALERT_SHARE = 1 / 3;
/** A recovery is news, not a problem: it shows this long at most. */
export const RECOVERY_MS = 8_000;

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
  /** The share of the wall's time cards may hold (ALERT_SHARE unless a parameter tunes it). */
  share?: number;
  /** How long the rotation's item on screen shows, read when a card ends: the rest lasts at least that long. */
  itemMs?: () => number;
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
  /** New problems waiting (on one card) for the rotation's turn to end. */
  readonly waiting: ReadonlySignal<number>;
  /** Polls once now (also what the timer does). */
  poll(): Promise<void>;
  /** Starts polling; returns the stop. */
  start(): () => void;
}

const rowOf = ({ detectedAt: _d, recovered: _r, recoveredAt: _a, ...p }: Alert): GroupRow => p;

/**
 * Issues 10, 17 and 35, alert interrupt: polls the unhandled hard problems and reports the ones not seen before. The
 * first poll is the baseline (a screen switched on does not alert about everything already broken), a problem never
 * interrupts twice, and a recovery while its card shows turns the card into a short "Recovered".
 *
 * One rule keeps the wall's time, whatever the fleet does: every card is followed by a rest of the rotation twice as
 * long as the card was on screen (ALERT_SHARE), and never shorter than one rotation item. What arrives meanwhile waits
 * and shows on one card, worst first, when the rest is over; what arrives in a card's first seconds joins it.
 */
export function createAlertWatch(deps: AlertWatchDeps): AlertWatch {
  const now = deps.now ?? Date.now;
  const clock = deps.clock ?? globalThis;
  const share = deps.share ?? ALERT_SHARE;
  const current = signal<AlertShown | null>(null);
  const waiting = signal(0);
  /** The problems waiting for the next card. */
  let next: Alert[] = [];
  /** 'card' from a card's start to its end, 'rest' while the rotation has its turn, else 'idle'. */
  let phase: 'idle' | 'card' | 'rest' = 'idle';
  let cardStartedAt = 0;
  let cardEndsAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

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

  const cardOf = (alerts: Alert[], waited: boolean): AlertShown => {
    if (alerts.length === 1) return alerts[0]!;
    const detectedAt = Math.min(...alerts.map((a) => a.detectedAt));
    return { kind: 'group', problems: alerts.map(rowOf).sort(worstFirst), detectedAt, ...(waited ? { waitedSince: detectedAt } : {}) };
  };

  const setTimer = (ms: number, run: () => void) => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => { timer = undefined; run(); }, ms);
  };

  const showCard = (card: AlertShown, started = now()) => {
    phase = 'card';
    cardStartedAt = started;
    cardEndsAt = now() + deps.showMs;
    setTimer(deps.showMs, endCard);
    batch(() => {
      current.value = card;
      waiting.value = next.length;
    });
  };

  /** The rotation's turn: twice the card's time at a third's share, and at least the item that now shows again. */
  function endCard() {
    const onScreen = now() - cardStartedAt;
    phase = 'rest';
    current.value = null;
    const rest = Math.max(onScreen * (1 - share) / share, deps.itemMs?.() ?? 0);
    setTimer(rest, endRest);
  }

  function endRest() {
    phase = 'idle';
    if (!next.length) return;
    const alerts = next;
    next = [];
    showCard(cardOf(alerts, true));
  }

  /** Shortens the card on screen to a recovery's time: it is news, and it counts against the budget as it shows. */
  const shorten = () => {
    const left = Math.min(cardEndsAt - now(), RECOVERY_MS);
    cardEndsAt = now() + left;
    setTimer(left, endCard);
  };

  const arrive = (fresh: Alert[], at: number) => {
    if (phase === 'idle') {
      next = [];
      showCard(cardOf(fresh, false));
      return;
    }
    const shown = current.peek();
    const joins = phase === 'card' && shown !== null && at - cardStartedAt < STORM_WINDOW_MS
      && (isGroup(shown) ? shown.problems.every((p) => !p.recovered) : !shown.recovered);
    if (joins) {
      // A storm arriving over a few seconds is one card: it shows the whole storm for a card's time from now.
      const own = isGroup(shown) ? shown.problems.map((p) => ({ ...p, detectedAt: shown.detectedAt, recovered: false })) : [shown];
      showCard(cardOf(merge(own, fresh), false), cardStartedAt);
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

  /** What left the list: the card on screen says so briefly, and a waiting problem that is gone is not shown. */
  const notePassing = (at: number) => {
    const gone = (p: Problem) => !listed.has(objectKey(p));
    next = next.filter((a) => !gone(a));
    waiting.value = next.length;
    const shown = current.peek();
    if (!shown) return;
    if (!isGroup(shown)) {
      if (shown.recovered || !gone(shown)) return;
      current.value = { ...shown, recovered: true, recoveredAt: at };
      deps.onChange?.('recovery', [shown]);
      shorten();
      return;
    }
    if (!shown.problems.some((p) => !p.recovered && gone(p))) return;
    const problems = shown.problems.map((p) => (gone(p) ? { ...p, recovered: true } : p));
    current.value = { ...shown, problems };
    if (problems.every((p) => p.recovered)) shorten();
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
    notePassing(read.at ?? now());
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
        if (timer !== undefined) clock.clearTimeout(timer);
      };
    },
  };
}
