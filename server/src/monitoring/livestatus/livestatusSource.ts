/**
 * A monitoring source over Livestatus (Icinga 2, Naemon, Nagios with the livestatus broker module, Checkmk). It polls
 * every table into a snapshot shaped like the Nagios source's. When the peer stops answering, the last snapshot stays
 * (marked as not answering, then stale) and the source keeps retrying with backoff until the peer is back.
 */
import { CommandRejectedError, EngineUnavailableError, type ExternalCommand, type MonitoringSnapshot, type MonitoringSource } from '../source.js';
import { emptySnapshot } from '../empty.js';
import { incompleteSnapshot } from '../snapshotCheck.js';
import { formatExternalCommand } from '../nagios/externalCommands.js';
import { BodyBuffers, LivestatusClient, type LivestatusClientOptions } from './client.js';
import { LivestatusError, type LivestatusErrorCode } from './errors.js';
import { pollTables, programStatusOf, snapshotSlices, type Liveness, type ReadAnswers } from './poll.js';
import { nextTurn, runSliced } from '../slices.js';
import { livestatusLog } from './logTable.js';
import type { EngineLog } from '../engineLog.js';
import { log } from '../../log.js';

export interface LivestatusSourceOptions extends LivestatusClientOptions {
  /** The engine's name, for messages now and for tagging its rows once several engines run side by side. */
  name?: string;
  /** Tag every host and service with `name` as the merged source of several engines does, so it need not copy them. */
  tagRows?: boolean;
  /** Milliseconds between polls while the peer answers; default 5 s. */
  pollMs?: number;
  /** First retry after a failed poll, doubling up to `maxRetryMs`; defaults 1 s and 30 s. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Data older than this is stale; default the larger of 30 s and three poll intervals. */
  staleAfterMs?: number;
}

/**
 * `ok`: the last poll was answered and accepted. `failing`: it was not (the reason says why); the data shown is the
 * last accepted, still younger than the staleness limit. `stale`: no accepted answer within the staleness limit, or
 * none yet. Anything but `ok` must never be shown as healthy.
 */
export type LivestatusHealthState = 'ok' | 'failing' | 'stale';

export interface LivestatusHealth {
  state: LivestatusHealthState;
  /** Why the state is not `ok`; null when it is. */
  reason: string | null;
  /** UNIX seconds of the last accepted poll; 0 before the first. */
  lastSuccess: number;
  /** UNIX seconds of the first failure in the current run of failures; 0 while ok. */
  failingSince: number;
}

export type LivestatusSourceEvent = { type: 'snapshot' } | { type: 'error'; message: string } | { type: 'health'; health: LivestatusHealth };

/** Defined with the interface, since every kind of engine can be down; re-exported where it was first defined. */
export { EngineUnavailableError };

/**
 * The Livestatus source. `kind` is 'livestatus'; it is not listed in MonitoringSource's `kind` yet (the status API's
 * type lists the kinds too), so create.ts widens it.
 */
export interface LivestatusSource extends Omit<MonitoringSource, 'kind' | 'dataProblem'> {
  readonly kind: 'livestatus';
  readonly name: string | undefined;
  /** The peer's address as configured (`host:port` or a socket path). */
  readonly address: string;
  health(): LivestatusHealth;
  /** Why the last poll failed or was refused; null while the peer answers. */
  dataProblem(): string | null;
  /** Polls now (or joins the poll in progress). */
  refresh(): Promise<void>;
  onEvent(listener: (event: LivestatusSourceEvent) => void): () => void;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Delay of the extra poll after a command. */
const EARLY_POLL_MS = 500;

/** Failures where no answer came at all; the others are answers that are broken, too large or errors. */
const SILENT = new Set<LivestatusErrorCode>(['connect', 'connect_timeout', 'timeout', 'closed', 'reset', 'aborted']);

/** Thrown for an answer that arrived but cannot replace the last data: the engine answers, its data is refused. */
class RefusedData extends Error {}

class LivestatusEngineSource implements LivestatusSource {
  readonly kind = 'livestatus' as const;
  readonly capabilities = { label: 'Livestatus', description: 'Livestatus engine', simulatedGrapher: false, objects: 'engine-config', sharedData: true } as const;
  readonly address: string;
  private readonly client: LivestatusClient;
  private readonly pollMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly staleAfterMs: number;
  /** The name rows are tagged with (several engines), or undefined. */
  private readonly tag: string | undefined;
  /** The last poll's large answers as read: rows that come back the same are not parsed again. */
  private answers: ReadAnswers = {};
  private readonly bodies = new BodyBuffers();
  private base: Omit<MonitoringSnapshot, 'program'> = emptySnapshot();
  private status: unknown[] = [];
  private current: MonitoringSnapshot = emptySnapshot();
  private live: Liveness = { running: false, endTime: 0, updated: 0 };
  private lastSuccessMs = 0;
  private failingSince = 0;
  private failures = 0;
  private problem: string | null;
  private lastState: LivestatusHealthState | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Fires when the data turns stale between polls, so the health event is not late by a retry interval. */
  private staleTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private controller: AbortController | null = null;
  private stopped = true;
  private readonly listeners = new Set<(event: LivestatusSourceEvent) => void>();

  constructor(address: string, readonly name: string | undefined, options: LivestatusSourceOptions) {
    this.client = new LivestatusClient(address, options);
    this.address = this.client.where;
    this.pollMs = options.pollMs ?? 5000;
    this.retryMs = options.retryMs ?? 1000;
    this.maxRetryMs = Math.max(this.retryMs, options.maxRetryMs ?? 30_000);
    this.staleAfterMs = options.staleAfterMs ?? Math.max(30_000, 3 * this.pollMs);
    this.tag = options.tagRows ? name : undefined;
    this.problem = `${this.label} has not answered yet`;
  }

  /** How messages name this engine. */
  private get label(): string {
    return this.name ? `Engine '${this.name}' (Livestatus at ${this.address})` : `Livestatus at ${this.address}`;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.refresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.timer = this.staleTimer = null;
    this.controller?.abort();
    await this.polling;
  }

  snapshot(): MonitoringSnapshot {
    return this.current;
  }

  engineLog(): EngineLog {
    return livestatusLog(this.client);
  }

  /** The peer answered the last poll (even if its data was refused), recently enough not to be stale. */
  engineRunning(): boolean {
    return this.live.running && this.health().state !== 'stale';
  }

  dataProblem(): string | null {
    const health = this.health();
    if (health.state === 'ok') return null;
    if (health.reason === null) return `${this.label} has not answered within ${Math.round(this.staleAfterMs / 1000)} s; its data is stale.`;
    return health.lastSuccess ? `${health.reason}; keeping the last data.` : `${health.reason}; no data yet.`;
  }

  health(): LivestatusHealth {
    // The data's own time, so it matches the snapshot's `updated`.
    const lastSuccess = this.lastSuccessMs ? this.base.updated : 0;
    const stale = this.lastSuccessMs === 0 || Date.now() - this.lastSuccessMs > this.staleAfterMs;
    const state: LivestatusHealthState = stale ? 'stale' : this.problem ? 'failing' : 'ok';
    return { state, reason: this.problem, lastSuccess, failingSince: state === 'ok' ? 0 : this.failingSince || lastSuccess };
  }

  async submit(command: ExternalCommand): Promise<void> {
    // Checked against the objects this engine reported, like the Nagios source: unknown objects are refused here.
    const line = formatExternalCommand(command, this.current).replace(/\n$/, '');
    try {
      await this.client.command(line);
    } catch (err) {
      if (err instanceof LivestatusError && err.code === 'bad_query') throw new CommandRejectedError(`The command cannot be sent: ${err.reason}.`);
      const reason = err instanceof LivestatusError ? err.reason : (err as Error).message;
      throw new EngineUnavailableError(`${this.label} is not answering, so the command was not sent: ${reason}.`);
    }
    // The engine applies commands on its own time; an early poll shows the effect without waiting a whole interval.
    if (this.polling) this.pollAgain = true;
    else this.schedule(Math.min(this.pollMs, EARLY_POLL_MS));
  }

  onEvent(listener: (event: LivestatusSourceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  refresh(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      return this.polling;
    }
    this.polling = (async () => {
      do {
        this.pollAgain = false;
        await this.pollOnce();
      } while (this.pollAgain && !this.stopped);
    })().finally(() => {
      this.polling = null;
      if (!this.stopped) this.schedule(this.problem === null ? this.pollMs : this.backoff());
    });
    return this.polling;
  }

  private backoff(): number {
    return Math.min(this.retryMs * 2 ** Math.min(this.failures - 1, 20), this.maxRetryMs);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, delayMs);
    this.timer.unref();
  }

  private emit(event: LivestatusSourceEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private async pollOnce(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    let accepted = false;
    let answered = false;
    let problem: string | null = null;
    try {
      const tables = await this.client.session((run) => pollTables(run, this.tag, { ...this.base, answers: this.answers }), controller.signal, this.bodies.take);
      // The last poll's answers are done with: their buffers take the next poll's.
      this.bodies.giveBack([this.answers.hosts?.body, this.answers.services?.body].filter((b): b is Buffer => b !== undefined));
      this.answers = tables.answers;
      // Answers are parsed, and the snapshot built, a few milliseconds at a time: requests get their turns in between.
      await nextTurn();
      if (this.stopped) return;
      const { data, status } = await runSliced(snapshotSlices(tables, nowSeconds(), this.base));
      if (this.stopped) return;
      const incomplete = incompleteSnapshot({ hosts: data.hosts.length, services: data.services.length }, tables.counted);
      if (incomplete) throw new RefusedData(`${this.label} sent incomplete data: ${incomplete}, by its own count`);
      this.base = data;
      this.status = status;
      accepted = true;
    } catch (err) {
      if (this.stopped) return;
      if (err instanceof RefusedData) problem = err.message;
      else if (err instanceof LivestatusError && SILENT.has(err.code)) problem = `${this.label} is not answering: ${err.reason}`;
      else problem = `${this.label} sent an answer Pharos cannot use: ${err instanceof LivestatusError ? err.reason : (err as Error).message}`;
      // Refused data comes from an engine that runs; a broken answer (bad header, bad JSON) counts as no answer.
      answered = err instanceof RefusedData;
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    this.record(accepted, answered, problem);
  }

  private record(accepted: boolean, answered: boolean, problem: string | null): void {
    // Data that turned stale before this answer is said to have been stale, even when the stale timer has not run yet
    // (a busy machine runs it late): listeners never see failing turn into ok without the stale they could have shown.
    this.reportHealth();
    const now = nowSeconds();
    if (accepted) {
      this.lastSuccessMs = Date.now();
      this.failures = 0;
      this.failingSince = 0;
      this.problem = null;
    } else {
      this.failures++;
      if (this.failingSince === 0) this.failingSince = now;
      if (problem !== this.problem && problem !== null) this.emit({ type: 'error', message: problem });
      this.problem = problem;
    }
    const running = accepted || answered;
    const live: Liveness = { running, endTime: running ? 0 : this.live.endTime || now, updated: this.base.updated };
    // A new snapshot object only when something changed: per-snapshot indexes and answers are keyed on it.
    if (accepted || live.running !== this.live.running || live.endTime !== this.live.endTime) {
      this.current = { ...this.base, program: programStatusOf(this.status, live, now) };
    }
    this.live = live;
    if (accepted) this.emit({ type: 'snapshot' });
    this.reportHealth();
    if (accepted && this.staleTimer) {
      clearTimeout(this.staleTimer);
      this.staleTimer = null;
    } else if (!accepted && !this.staleTimer && this.lastSuccessMs > 0) {
      this.staleTimer = setTimeout(() => {
        this.staleTimer = null;
        this.reportHealth();
      }, Math.max(0, this.lastSuccessMs + this.staleAfterMs - Date.now()) + 1);
      this.staleTimer.unref();
    }
  }

  private reportHealth(): void {
    const health = this.health();
    if (health.state === this.lastState) return;
    this.lastState = health.state;
    this.emit({ type: 'health', health });
  }
}

/** A Livestatus source with the richer LivestatusSource interface (tests, diagnostics, several engines later). */
export function openLivestatusSource(address: string, options: LivestatusSourceOptions = {}): LivestatusSource {
  return new LivestatusEngineSource(address, options.name, options);
}

/** The server's source: each new problem is logged once as a warning, and recovery once. */
export function createLivestatusSource(address: string, options: LivestatusSourceOptions = {}): LivestatusSource {
  const source = openLivestatusSource(address, options);
  let failing = false;
  source.onEvent((event) => {
    if (event.type === 'error') {
      failing = true;
      log().warn(`Monitoring data: ${event.message}`);
    } else if (event.type === 'health' && event.health.state === 'ok' && failing) {
      failing = false;
      log().info(`Monitoring data: Livestatus at ${source.address} answers again.`);
    }
  });
  return source;
}
