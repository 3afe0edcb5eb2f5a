import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { createModelContext } from '../../lib/modelContext';

/**
 * online: the server answers. unreachable: it does not answer, or answers 5xx. offline: the browser says it has no
 * network. signInNeeded: the server answered 401, the session is gone.
 */
export type ConnectionState = 'online' | 'unreachable' | 'offline' | 'signInNeeded';

/** What one call to the server came to: it answered, it did not (or 5xx), or it refused the session. */
export type Outcome = 'ok' | 'unreachable' | 'unauthorized';

/** A probe's outcome; unreachable with the server's word on when to ask again, when it gave one (`Retry-After`). */
export type ProbeAnswer = Outcome | { outcome: 'unreachable'; retryAfterMs: number };

/** Probing while not online: 1 s doubling to 60 s, each wait drawn uniformly below that cap (full jitter). */
export const BACKOFF = { baseMs: 1000, maxMs: 60_000 } as const;
/** Spec 7 and 9: keep-alive every 60 s, also in a background tab. */
export const KEEPALIVE_MS = 60_000;
/**
 * The watch: a probe whenever nothing has answered for this long. The screens' own polls come every 30 s, and an
 * outage must show within seconds, not at the next poll or the next thing the user does.
 */
export const WATCH_MS = 10_000;

export function backoffCap(attempt: number): number {
  return Math.min(BACKOFF.baseMs * 2 ** attempt, BACKOFF.maxMs);
}

export interface ConnectionDeps {
  /** A cheap authenticated read: its outcome says whether the server is back (and the session still valid). */
  probe(): Promise<ProbeAnswer>;
  /** The spec's keep-alive call; its outcome is reported like any other call's. */
  keepAlive(): Promise<Outcome>;
  browserOnline(): boolean;
  now?: () => number;
  random?: () => number;
  /** Runs once per recovery: revalidate data, reset failed regions, reload a failed frame page. */
  onRecover?: () => void;
  /** Runs once when the session is found gone (401). */
  onSignInNeeded?: () => void;
  /** While online, probe once nothing has answered for this long (WATCH_MS); unset: no watch. */
  watchMs?: number;
  /**
   * Whether the watch may probe now: the framed app's only while its page is visible, so a tab nobody looks at costs
   * the server nothing more than its keep-alive; shown again, it checks within half a period. Unset: always.
   */
  watching?: () => boolean;
}

export interface ConnectionModel {
  readonly state: ReadonlySignal<ConnectionState>;
  readonly online: ReadonlySignal<boolean>;
  /** When the server last answered (any status but 5xx); undefined before the first answer. */
  readonly lastContactAt: ReadonlySignal<number | undefined>;
  /** When the state last left online: the start of the outage shown to the user. */
  readonly since: ReadonlySignal<number | undefined>;
  /** When the next probe runs while not online. */
  readonly nextProbeAt: ReadonlySignal<number | undefined>;
  /** Counts recoveries: things keyed on it (region boundaries) render again after an outage. */
  readonly recoveries: ReadonlySignal<number>;
  /** Every API call's outcome, the keep-alive's and the probes'. */
  report(outcome: Outcome): void;
  browserWentOnline(): void;
  browserWentOffline(): void;
  /** "Retry now": probes at once instead of waiting for the backoff. */
  retryNow(): Promise<void>;
  /**
   * The page is shown again (a background tab brought forward, a TV back from another input): it checks the server now
   * if that is due, rather than at the watch's next tick or after a back-off that may be a minute long.
   */
  pageShown(): void;
  /** Starts the keep-alive and the probing; returns the stop. */
  start(): () => void;
}

/** The app's one view of whether the server can be trusted right now (issue 7); I/O comes in through deps. */
export function createConnectionModel(deps: ConnectionDeps): ConnectionModel {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const state = signal<ConnectionState>(deps.browserOnline() ? 'online' : 'offline');
  const lastContactAt = signal<number | undefined>(undefined);
  const since = signal<number | undefined>(state.peek() === 'online' ? undefined : now());
  const nextProbeAt = signal<number | undefined>(undefined);
  const recoveries = signal(0);
  let attempt = 0;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  let keepAliveTimer: ReturnType<typeof setInterval> | undefined;
  let watchTimer: ReturnType<typeof setInterval> | undefined;
  let started = false;
  /** The probe under way: a second caller waits for it instead of sending another. */
  let inFlight: Promise<void> | undefined;

  const cancelProbe = () => {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    nextProbeAt.value = undefined;
  };

  const scheduleProbe = (retryAfterMs?: number) => {
    cancelProbe();
    if (!started || state.peek() === 'online') return;
    // The server said when to ask again (its database restarting, a process closing, the proxy with none to send to):
    // then, spread over as long again, instead of a back-off that may have grown to a minute and keeps a wall red.
    const delay = retryAfterMs === undefined
      ? Math.floor(random() * backoffCap(attempt))
      : Math.min(BACKOFF.maxMs, Math.floor(retryAfterMs * (1 + random())));
    attempt += 1;
    nextProbeAt.value = now() + delay;
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      void runProbe();
    }, delay);
  };

  const runProbe = (): Promise<void> => {
    if (inFlight) return inFlight;
    // A probe under way replaces any that was waiting: the next is scheduled when this one is back, and shown then.
    cancelProbe();
    inFlight = (async () => {
      let retryAfterMs: number | undefined;
      try {
        const answer = await deps.probe().catch((): ProbeAnswer => 'unreachable');
        if (typeof answer !== 'string') retryAfterMs = answer.retryAfterMs;
        report(typeof answer === 'string' ? answer : answer.outcome);
      } finally {
        inFlight = undefined;
      }
      if (state.peek() !== 'online' && probeTimer === undefined) scheduleProbe(retryAfterMs);
    })();
    return inFlight;
  };

  /** With a watch, whether nothing has answered for its period. */
  const watchDue = (): boolean => {
    const last = lastContactAt.peek();
    return deps.watchMs !== undefined && (last === undefined || now() - last >= deps.watchMs);
  };

  const leave = (next: ConnectionState) => {
    const was = state.peek();
    if (was === next) return;
    batch(() => {
      if (was === 'online') since.value = now();
      state.value = next;
    });
    if (was === 'online') attempt = 0;
    if (next === 'signInNeeded') deps.onSignInNeeded?.();
    scheduleProbe();
  };

  function report(outcome: Outcome): void {
    if (outcome === 'unreachable') {
      // The browser's own word about the network is the more precise reason.
      leave(deps.browserOnline() ? 'unreachable' : 'offline');
      return;
    }
    lastContactAt.value = now();
    if (outcome === 'unauthorized') {
      leave('signInNeeded');
      return;
    }
    if (state.peek() === 'online') return;
    cancelProbe();
    attempt = 0;
    batch(() => {
      state.value = 'online';
      since.value = undefined;
      recoveries.value += 1;
    });
    deps.onRecover?.();
  }

  return {
    state,
    online: computed(() => state.value === 'online'),
    lastContactAt,
    since,
    nextProbeAt,
    recoveries,
    report,
    browserWentOnline() {
      // The network is back; whether the server is too is for a probe to say.
      if (state.peek() === 'offline') void runProbe();
    },
    browserWentOffline: () => leave('offline'),
    async retryNow() {
      // A probe already under way may have left before whatever made the caller ask (a page that just failed to
      // load): its answer can be older than that, so this asks again once it is back.
      if (inFlight) await inFlight;
      await runProbe();
    },
    pageShown() {
      if (started && (state.peek() !== 'online' || watchDue())) void runProbe();
    },
    start() {
      started = true;
      keepAliveTimer = setInterval(() => {
        if (state.peek() === 'online') void deps.keepAlive().then(report, () => report('unreachable'));
      }, KEEPALIVE_MS);
      const { watchMs, watching = () => true } = deps;
      if (watchMs) {
        // Checked twice per period, so an outage shows between one and one and a half periods after the last answer.
        watchTimer = setInterval(() => {
          if (state.peek() === 'online' && watchDue() && watching()) void runProbe();
        }, watchMs / 2);
      }
      if (state.peek() !== 'online') scheduleProbe();
      return () => {
        started = false;
        clearInterval(keepAliveTimer);
        clearInterval(watchTimer);
        cancelProbe();
      };
    },
  };
}

export const ConnectionContext = createModelContext<ConnectionModel>('ConnectionModel');
export const useConnection = ConnectionContext.use;
