import type { EngineStatus, ExternalCommand, MonitoringSnapshot, MonitoringSource, SourceCapabilities } from './source.js';
import type { EngineLog } from './engineLog.js';

/**
 * From this many rows (hosts and services) on, a new snapshot is prepared in slices before it is handed out; smaller
 * ones are handed out at once, as preparing them takes a few milliseconds.
 */
export const PREPARE_ABOVE_ROWS = 20_000;

const rowsOf = (s: MonitoringSnapshot): number => s.hosts.length + s.services.length;

/**
 * One engine's source whose large new snapshots the snapshot warmer prepares (its indexes and totals, in slices)
 * before they are handed out, as MergedSource does for several engines. Without it, at 10,000 hosts and 100,000
 * services, the first requests after each engine update built those at once and held the event loop for 80 to 170 ms,
 * and every request arriving meanwhile waited: a wall of displays saw a late answer on every update.
 *
 * A change shows a moment later (the preparation, well under a second on an idle machine), never half-made. A
 * command's effect that the engine shows at once (the demo fleet) is handed out at once, so its sender sees it.
 */
export class PreparedSource implements MonitoringSource {
  readonly kind: MonitoringSource['kind'];
  readonly capabilities?: SourceCapabilities;
  readonly members?: MonitoringSource['members'];
  readonly engines?: () => EngineStatus[];
  readonly dataProblem?: () => string | null;
  readonly engineLog?: () => EngineLog | undefined;
  private shown: MonitoringSnapshot | undefined;
  /** The newer snapshot being prepared: one at a time, a later one is picked up by the first call after it. */
  private job: MonitoringSnapshot | undefined;
  private prepare: ((snapshot: MonitoringSnapshot) => Promise<void>) | null = null;

  constructor(private readonly inner: MonitoringSource) {
    this.kind = inner.kind;
    this.capabilities = inner.capabilities;
    this.members = inner.members;
    // Only what the source has: an absent engines() means "one engine", an absent dataProblem() "never refuses".
    if (inner.engines) this.engines = () => inner.engines!();
    if (inner.dataProblem) this.dataProblem = () => inner.dataProblem!();
    if (inner.engineLog) this.engineLog = () => inner.engineLog!();
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async stop(): Promise<void> {
    this.job = undefined;
    await this.inner.stop();
  }

  engineRunning(): boolean {
    return this.inner.engineRunning();
  }

  prepareSnapshots(prepare: ((snapshot: MonitoringSnapshot) => Promise<void>) | null): void {
    this.prepare = prepare;
  }

  snapshot(): MonitoringSnapshot {
    const next = this.inner.snapshot();
    const shown = this.shown;
    if (next === shown) return next;
    // The same rows with another program status (the engine stopped, say): the indexes over them are made already.
    const sameRows = shown !== undefined && next.hosts === shown.hosts && next.services === shown.services;
    if (!shown || !this.prepare || sameRows || rowsOf(next) < PREPARE_ABOVE_ROWS) return this.handOut(next);
    if (!this.job) this.startJob(next);
    return shown;
  }

  async submit(command: ExternalCommand): Promise<void> {
    await this.inner.submit(command);
    const next = this.inner.snapshot();
    if (next !== this.shown) this.handOut(next);
  }

  private handOut(snapshot: MonitoringSnapshot): MonitoringSnapshot {
    // Anything being prepared is older than this.
    this.job = undefined;
    this.shown = snapshot;
    return snapshot;
  }

  private startJob(snapshot: MonitoringSnapshot): void {
    this.job = snapshot;
    void (async () => {
      try {
        await this.prepare?.(snapshot);
      } catch {
        // Not prepared: requests compute what they need themselves, as without a warmer.
      }
      if (this.job === snapshot) this.handOut(snapshot);
    })();
  }
}
