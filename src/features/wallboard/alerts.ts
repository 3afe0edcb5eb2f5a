import { batch, signal, type ReadonlySignal } from '@preact/signals-react';

/** One unhandled hard problem: a host DOWN/UNREACHABLE, or a service CRITICAL on an UP host; not acknowledged, not in downtime. */
export interface Problem {
  host: string;
  service?: string;
  /** Host 1 down, 2 unreachable; service 2 critical. */
  state: number;
  output: string;
  /** When the object entered this state (ms). */
  since: number;
}

export interface Alert extends Problem {
  detectedAt: number;
  recovered: boolean;
}

export const ALERT_POLL_MS = 30_000;

/** The same problem is the same object in the same state since the same moment: a new failure later is new again. */
export const problemKey = (p: Problem): string => `${p.host}\n${p.service ?? ''}\n${p.state}\n${p.since}`;
const objectKey = (p: Problem): string => `${p.host}\n${p.service ?? ''}`;

export interface AlertWatchDeps {
  load(): Promise<Problem[]>;
  /** How long each alert interrupts the rotation. */
  showMs: number;
  pollMs?: number;
  now?: () => number;
  clock?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>;
  /** A real change worth a sound: new problems, or the recovery of the one on screen. */
  onChange?(change: 'problem' | 'recovery', problems: Problem[]): void;
}

export interface AlertWatch {
  /** The alert on screen, or null while the rotation runs. */
  readonly current: ReadonlySignal<Alert | null>;
  /** Alerts waiting for the one on screen to end. */
  readonly waiting: ReadonlySignal<number>;
  /** Polls once now (also what the timer does). */
  poll(): Promise<void>;
  /** Starts polling; returns the stop. */
  start(): () => void;
}

/**
 * Issue 10, alert interrupt: polls the unhandled hard problems and reports the ones not seen before. The first poll
 * is the baseline (a screen switched on does not alert about everything already broken), a problem never interrupts
 * twice, several new ones queue, and a recovery while its card shows turns the card into "Recovered".
 */
export function createAlertWatch(deps: AlertWatchDeps): AlertWatch {
  const now = deps.now ?? Date.now;
  const clock = deps.clock ?? globalThis;
  const current = signal<Alert | null>(null);
  const queue: Alert[] = [];
  const waiting = signal(0);
  const seen = new Set<string>();
  let baseline = false;
  let showTimer: ReturnType<typeof setTimeout> | undefined;

  const showNext = () => {
    showTimer = undefined;
    const next = queue.shift();
    batch(() => {
      current.value = next ?? null;
      waiting.value = queue.length;
    });
    if (next) showTimer = clock.setTimeout(showNext, deps.showMs);
  };

  const poll = async () => {
    let problems: Problem[];
    try {
      problems = await deps.load();
    } catch {
      // Unreachable or signed out: the connection model says so; the next poll compares with what was seen before.
      return;
    }
    const fresh = problems.filter((p) => !seen.has(problemKey(p)));
    for (const p of fresh) seen.add(problemKey(p));
    const shown = current.peek();
    if (shown && !shown.recovered && !problems.some((p) => objectKey(p) === objectKey(shown))) {
      current.value = { ...shown, recovered: true };
      deps.onChange?.('recovery', [shown]);
    }
    if (!baseline) {
      baseline = true;
      return;
    }
    if (!fresh.length) return;
    const detectedAt = now();
    queue.push(...fresh.map((p) => ({ ...p, detectedAt, recovered: false })));
    waiting.value = queue.length;
    deps.onChange?.('problem', fresh);
    if (!current.peek()) showNext();
  };

  return {
    current,
    waiting,
    poll,
    start() {
      void poll();
      const timer = clock.setInterval(() => void poll(), deps.pollMs ?? ALERT_POLL_MS);
      return () => {
        clock.clearInterval(timer);
        if (showTimer !== undefined) clock.clearTimeout(showTimer);
      };
    },
  };
}
