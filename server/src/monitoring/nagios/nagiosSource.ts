import fs from 'node:fs';
import path from 'node:path';
import type { ExternalCommand, MonitoringSnapshot, MonitoringSource, ProgramStatus } from '../source.js';
import { emptySnapshot, emptyStats } from '../empty.js';
import { readMainConfig, type NagiosMainConfig } from './mainConfig.js';
import { nagiosLog } from './logFiles.js';
import type { EngineLog } from '../engineLog.js';
import { ObjectsCacheParser, emptyObjectModel, type ObjectModel } from './objectsParser.js';
import { StatusFileParser, type ParsedStatus } from './statusParser.js';
import { pendingRecords } from './pendingStatus.js';
import { programStatusOf, engineStatsOf, type EngineLiveness } from './programStatus.js';
import { formatExternalCommand } from './externalCommands.js';
import { CommandWriter, type Delivery } from './commandWriter.js';
import { pidAlive, readPidFile, isNagiosProcess } from './process.js';
import { streamLines } from './scan.js';
import { incompleteSnapshot } from '../snapshotCheck.js';
import { log } from '../../log.js';

export type NagiosSourceEvent =
  | { type: 'snapshot' }
  | { type: 'error'; message: string }
  | { type: 'liveness'; running: boolean };

export interface NagiosSourceOptions {
  /** Milliseconds between stat polls (the fallback for missed fs.watch events) and liveness checks. */
  pollMs?: number;
  /** First retry delay for commands Nagios is not reading yet. */
  commandRetryMs?: number;
  /**
   * Tag every host and service with this engine name, as the merged source of several engines does, so it need not
   * copy them for each new snapshot.
   */
  engine?: string;
}

/** The Nagios source with the extras tests and diagnostics use. */
export interface NagiosSource extends MonitoringSource {
  readonly kind: 'nagios';
  /** nagios.cfg as read by `start()`. */
  config(): NagiosMainConfig | null;
  /** Why the last read of status.dat/objects.cache failed (null after a good read). */
  lastError(): string | null;
  /** Why the newest status.dat was refused (missing, incomplete or inconsistent with objects.cache); null once one is accepted. */
  dataProblem(): string | null;
  /** Queues a command and reports whether it already reached the command FIFO. */
  submitCommand(command: ExternalCommand): Promise<Delivery>;
  pendingCommands(): number;
  /** Resolves once every queued command has been written to the FIFO. */
  commandsDelivered(): Promise<void>;
  /** Re-reads changed files now instead of waiting for the watcher or the poll. */
  refresh(): Promise<void>;
  onEvent(listener: (event: NagiosSourceEvent) => void): () => void;
}

/** Identity of a file version: status.dat is replaced by rename (new inode), objects.cache rewritten in place. */
const signatureOf = (st: fs.Stats) => `${st.ino}:${st.size}:${st.mtimeMs}`;

async function signature(file: string): Promise<string | null> {
  try {
    return signatureOf(await fs.promises.stat(file));
  } catch {
    return null;
  }
}

/**
 * Streams a file through `parser` via one descriptor, so the signature belongs to exactly the bytes read even if
 * Nagios renames a new status.dat into place meanwhile. The event loop runs between chunks.
 */
async function parseFile<T>(file: string, parser: { feed(chunk: Buffer): void; finish(): T }, opts: { onSignature(sig: string): void; stopped(): boolean }): Promise<T> {
  const handle = await fs.promises.open(file, 'r');
  try {
    opts.onSignature(signatureOf(await handle.stat()));
    await streamLines(handle, (chunk) => {
      if (opts.stopped()) throw new Error('the monitoring source was stopped');
      parser.feed(chunk);
    });
    return parser.finish();
  } finally {
    await handle.close();
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Nagios counts check intervals in interval_length seconds (60 by default); the snapshot counts them in minutes. */
const minutesPerUnit = (cfg: NagiosMainConfig) => cfg.intervalLength / 60;

/** Program status equal but for the run time, which grows every second: it is refreshed with the next real change. */
function sameProgram(a: ProgramStatus, b: ProgramStatus): boolean {
  for (const key of Object.keys(b) as (keyof ProgramStatus)[]) {
    if (key !== 'program_run_time' && a[key] !== b[key]) return false;
  }
  return Math.abs(a.program_run_time - b.program_run_time) < RUN_TIME_SLACK_SECONDS;
}
const RUN_TIME_SLACK_SECONDS = 10;

function configuredCounts(model: ObjectModel): { hosts: number; services: number } {
  let services = 0;
  for (const perHost of model.services.values()) services += perHost.size;
  return { hosts: model.hosts.size, services };
}

class NagiosFileSource implements NagiosSource {
  readonly kind = 'nagios' as const;
  readonly capabilities = { label: 'Nagios Core', description: 'Nagios Core', simulatedGrapher: false, objects: 'config-files', sharedData: true } as const;
  private cfg: NagiosMainConfig | null = null;
  private model: ObjectModel = emptyObjectModel();
  private objectsSig: string | null = null;
  private statusSig: string | null = null;
  private parsed: ParsedStatus | null = null;
  private base: MonitoringSnapshot = emptySnapshot();
  private current: MonitoringSnapshot = this.base;
  private currentBase: MonitoringSnapshot | null = null;
  private error: string | null = null;
  /** Why the newest status.dat was refused; null once one is accepted. */
  private refused: string | null = null;
  private writer: CommandWriter | null = null;
  private readonly listeners = new Set<(event: NagiosSourceEvent) => void>();
  private watchers: fs.FSWatcher[] = [];
  private poll: NodeJS.Timeout | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private stopped = false;
  private live: EngineLiveness = { running: false, endTime: 0, lockFilePid: 0 };
  private pid = 0;
  private pidIsNagios = true;

  constructor(private readonly cfgPath: string, private readonly options: NagiosSourceOptions) {}

  config(): NagiosMainConfig | null {
    return this.cfg;
  }

  engineLog(): EngineLog | undefined {
    return this.cfg ? nagiosLog(this.cfg) : undefined;
  }

  lastError(): string | null {
    return this.error;
  }

  dataProblem(): string | null {
    return this.refused;
  }

  async start(): Promise<void> {
    this.stopped = false;
    let cfg: NagiosMainConfig;
    try {
      cfg = await readMainConfig(this.cfgPath);
    } catch (err) {
      // Kept as the reason this engine is not answering: a mistyped path must be named, not only "not running".
      this.refused = (err as Error).message;
      throw err;
    }
    this.cfg = cfg;
    this.writer = new CommandWriter(cfg.commandFile, { firstRetryMs: this.options.commandRetryMs });
    await this.refresh();
    this.watch(cfg);
    this.poll = setInterval(() => void this.refresh(), this.options.pollMs ?? 1000);
    this.poll.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.debounce) clearTimeout(this.debounce);
    this.poll = this.debounce = null;
    for (const w of this.watchers) w.close();
    this.watchers = [];
    this.writer?.close();
    await this.refreshing;
  }

  snapshot(): MonitoringSnapshot {
    return this.current;
  }

  engineRunning(): boolean {
    return this.pid > 0 && this.pidIsNagios && pidAlive(this.pid);
  }

  async submit(command: ExternalCommand): Promise<void> {
    await this.submitCommand(command);
  }

  async submitCommand(command: ExternalCommand): Promise<Delivery> {
    if (!this.cfg || !this.writer) throw new Error('The monitoring source has not been started.');
    if (!this.cfg.checkExternalCommands) throw new Error('Nagios does not accept external commands (check_external_commands=0 in nagios.cfg).');
    return this.writer.submit(formatExternalCommand(command, this.current));
  }

  pendingCommands(): number {
    return this.writer?.pending() ?? 0;
  }

  commandsDelivered(): Promise<void> {
    return this.writer?.drained() ?? Promise.resolve();
  }

  onEvent(listener: (event: NagiosSourceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: NagiosSourceEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private watch(cfg: NagiosMainConfig): void {
    const names = new Map<string, Set<string>>();
    for (const file of [cfg.statusFile, cfg.objectCacheFile, cfg.lockFile]) {
      const dir = path.dirname(file);
      if (!names.has(dir)) names.set(dir, new Set());
      names.get(dir)?.add(path.basename(file));
    }
    for (const [dir, files] of names) {
      try {
        const watcher = fs.watch(dir, { persistent: false }, (_event, name) => {
          if (name === null || files.has(name.toString())) this.scheduleRefresh();
        });
        // The stat poll keeps working if the directory goes away or watching fails.
        watcher.on('error', () => watcher.close());
        this.watchers.push(watcher);
      } catch {
        // Directory missing or not watchable: the poll covers it.
      }
    }
  }

  private scheduleRefresh(): void {
    if (this.debounce || this.stopped) return;
    // Nagios writes the temp file then renames it; a short delay folds the burst of events into one read.
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.refresh();
    }, 25);
    this.debounce.unref();
  }

  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        await this.refreshOnce();
      } while (this.refreshAgain && !this.stopped);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private fail(message: string): void {
    if (this.error === message) return;
    this.error = message;
    this.emit({ type: 'error', message });
  }

  private async refreshOnce(): Promise<void> {
    const cfg = this.cfg;
    if (!cfg) return;
    let modelChanged = false;
    const objectsSig = await signature(cfg.objectCacheFile);
    if (objectsSig && objectsSig !== this.objectsSig) {
      try {
        // The signature is recorded before parsing: a broken file is parsed once, not on every poll.
        this.model = await parseFile(cfg.objectCacheFile, new ObjectsCacheParser(), { onSignature: (sig) => (this.objectsSig = sig), stopped: () => this.stopped });
        modelChanged = true;
      } catch (err) {
        this.fail(`Cannot read ${cfg.objectCacheFile}: ${(err as Error).message}`);
      }
    }

    let dataChanged = false;
    const statusSig = await signature(cfg.statusFile);
    if (!statusSig) {
      this.statusSig = null;
      this.refused = `${cfg.statusFile} does not exist (Nagios is not running or has not written it yet); keeping the last data.`;
      this.fail(this.refused);
    } else if (statusSig !== this.statusSig || modelChanged) {
      try {
        // The signature is recorded before parsing: a broken file is reported once, not re-read on every poll.
        const parsed = await parseFile(cfg.statusFile, new StatusFileParser(this.model, this.options.engine, minutesPerUnit(cfg)), { onSignature: (sig) => (this.statusSig = sig), stopped: () => this.stopped });
        const incomplete = incompleteSnapshot({ hosts: parsed.hosts.length, services: parsed.services.length }, configuredCounts(this.model));
        if (incomplete) throw new Error(`${incomplete}, according to ${cfg.objectCacheFile}`);
        this.parsed = parsed;
        this.error = this.refused = null;
        dataChanged = true;
      } catch (err) {
        const message = `Cannot use ${cfg.statusFile}: ${(err as Error).message}; keeping the last good data.`;
        if (!this.stopped) this.refused = message;
        this.fail(message);
      }
    }
    if (!this.parsed && modelChanged) dataChanged = true;

    if (dataChanged) this.rebuildBase();
    await this.updateLiveness(cfg);
    if (dataChanged) this.emit({ type: 'snapshot' });
  }

  private rebuildBase(): void {
    const parsed = this.parsed;
    const model = this.model;
    const engine = this.options.engine;
    if (parsed) {
      this.base = {
        ...emptySnapshot(), updated: parsed.created, hosts: parsed.hosts, services: parsed.services,
        hostgroups: model.hostgroups, servicegroups: model.servicegroups, comments: parsed.comments, downtimes: parsed.downtimes,
        stats: engineStatsOf(parsed),
      };
    } else {
      const { hosts, services } = pendingRecords(model, this.cfg ? minutesPerUnit(this.cfg) : 1);
      if (engine !== undefined) for (const r of [...hosts, ...services]) r.engine = engine;
      this.base = { ...emptySnapshot(), hosts, services, hostgroups: model.hostgroups, servicegroups: model.servicegroups, stats: emptyStats() };
    }
  }

  private async updateLiveness(cfg: NagiosMainConfig): Promise<void> {
    const lockFilePid = await readPidFile(cfg.lockFile);
    const pid = Number(this.parsed?.programstatus.nagios_pid) || lockFilePid;
    if (pid !== this.pid) {
      this.pid = pid;
      this.pidIsNagios = pid > 0 ? await isNagiosProcess(pid) : true;
    }
    const now = nowSeconds();
    const staleAfter = Math.max(30, 3 * cfg.statusUpdateInterval);
    const fresh = this.parsed !== null && this.statusSig !== null && now - this.parsed.created <= staleAfter;
    const running = this.engineRunning() && fresh;
    const wasRunning = this.live.running;
    let endTime = this.live.endTime;
    if (running) endTime = 0;
    else if (wasRunning) endTime = now;
    this.live = { running, endTime, lockFilePid };
    const program = programStatusOf(this.parsed, this.live, now);
    // A new snapshot object only when something changed: per-snapshot indexes and answers are keyed on it, and this runs every poll.
    if (this.currentBase !== this.base || !sameProgram(this.current.program, program)) {
      this.current = { ...this.base, program };
      this.currentBase = this.base;
    }
    if (running !== wasRunning) this.emit({ type: 'liveness', running });
  }
}

/** A Nagios Core 4 source over the files named in `cfgPath` (nagios.cfg) with the richer NagiosSource interface. */
export function openNagiosSource(cfgPath: string, options: NagiosSourceOptions = {}): NagiosSource {
  return new NagiosFileSource(cfgPath, options);
}

/** The server's source: every problem with the engine's files is logged once as a warning (the source dedupes repeats). */
export function createNagiosSource(cfgPath: string, options: NagiosSourceOptions = {}): MonitoringSource {
  const source = openNagiosSource(cfgPath, options);
  source.onEvent((event) => {
    if (event.type === 'error') log().warn(`Monitoring data: ${event.message}`);
  });
  return source;
}
