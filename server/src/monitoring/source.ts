import type { EngineLog } from './engineLog.js';

/**
 * One interface for monitoring data, implemented by the demo fleet (`demo/`) and a real Nagios Core 4 engine (`nagios/`).
 * Field names follow the status API's filter names (spec section 7), so `query.ts` filters records directly.
 * Times are UNIX seconds; booleans that the API exposes as numbers are 0/1.
 */

export type HostStateCode = 0 | 1 | 2; // UP, DOWN, UNREACHABLE
export type ServiceStateCode = 0 | 1 | 2 | 3; // OK, WARNING, CRITICAL, UNKNOWN

/** Set on every row once several engines run side by side (PHAROS_ENGINES); absent with a single engine. */
export interface EngineTag {
  /** The name of the engine the row comes from: the same host name on two engines is two hosts. */
  engine?: string;
  /**
   * Present while the row's engine is not answering: UNIX seconds of its last data. Such a row is kept (never dropped
   * and replayed later) but never counted in totals or shown as OK.
   */
  stale?: number;
}

interface CheckedObjectStatus extends EngineTag {
  display_name: string;
  state_type: 0 | 1; // 0 soft, 1 hard
  has_been_checked: 0 | 1;
  output: string;
  long_output: string;
  perfdata: string;
  last_check: number;
  next_check: number;
  last_state_change: number;
  current_check_attempt: number;
  max_check_attempts: number;
  problem_acknowledged: 0 | 1;
  acknowledgement_type: 0 | 1 | 2; // none, normal, sticky
  scheduled_downtime_depth: number;
  active_checks_enabled: 0 | 1;
  passive_checks_enabled: 0 | 1;
  notifications_enabled: 0 | 1;
  is_flapping: 0 | 1;
  check_command: string;
  /** In minutes, whatever unit the engine counts in. */
  check_interval: number;
}

export interface HostStatus extends CheckedObjectStatus {
  host_name: string;
  alias: string;
  address: string;
  current_state: HostStateCode;
  hostgroups: string[];
}

export interface ServiceStatus extends CheckedObjectStatus {
  host_name: string;
  service_description: string;
  current_state: ServiceStateCode;
  servicegroups: string[];
}

export interface Group {
  name: string;
  alias: string;
  /** Host names for host groups; `host;service` pairs for service groups. */
  members: string[];
}

export interface Comment extends EngineTag {
  id: number;
  host_name: string;
  service_description: string | null;
  author: string;
  text: string;
  entry_time: number;
  persistent: 0 | 1;
  /** 1 user, 4 acknowledgement (Nagios entry types). */
  entry_type: number;
}

export interface Downtime extends EngineTag {
  id: number;
  host_name: string;
  service_description: string | null;
  author: string;
  comment: string;
  start_time: number;
  end_time: number;
  fixed: 0 | 1;
  duration: number;
}

/** Spec section 3, "Program status". */
export interface ProgramStatus {
  active_host_checks_enabled: 0 | 1;
  active_service_checks_enabled: 0 | 1;
  passive_host_checks_enabled: 0 | 1;
  passive_service_checks_enabled: 0 | 1;
  notifications_enabled: 0 | 1;
  daemon_mode: 0 | 1;
  event_handlers_enabled: 0 | 1;
  flap_detection_enabled: 0 | 1;
  global_host_event_handler: string;
  global_service_event_handler: string;
  modified_host_attributes: number;
  modified_service_attributes: number;
  instance_id: number;
  instance_name: string;
  is_currently_running: 0 | 1;
  process_id: number;
  process_performance_data: 0 | 1;
  last_command_check: number;
  last_log_rotation: number;
  obsess_over_hosts: 0 | 1;
  obsess_over_services: 0 | 1;
  program_end_time: number;
  program_run_time: number;
  program_start_time: number;
  status_update_time: number;
}

export interface CheckCounts { val1: number; val5: number; val15: number }
export interface CheckPerformance { min_latency: number; max_latency: number; avg_latency: number; min_execution_time: number; max_execution_time: number; avg_execution_time: number }

/** The engine part of spec section 3 "System status data" (nagioscore). */
export interface EngineStats {
  activehostchecks: CheckCounts;
  passivehostchecks: CheckCounts;
  activeservicechecks: CheckCounts;
  passiveservicechecks: CheckCounts;
  activehostcheckperf: CheckPerformance;
  activeservicecheckperf: CheckPerformance;
}

export interface MonitoringSnapshot {
  /** UNIX seconds of the data (status.dat's `created`, or the demo tick). */
  updated: number;
  hosts: HostStatus[];
  services: ServiceStatus[];
  hostgroups: Group[];
  servicegroups: Group[];
  comments: Comment[];
  downtimes: Downtime[];
  program: ProgramStatus;
  stats: EngineStats;
}

/** `engine` names the engine that owns the object; needed only when several engines run side by side. */
export type ExternalCommand = { engine?: string } & (
  | { type: 'acknowledge'; host: string; service?: string; comment: string; author: string; sticky: boolean; notify: boolean; persistent: boolean }
  | { type: 'remove_acknowledgement'; host: string; service?: string }
  | { type: 'schedule_downtime'; host: string; service?: string; start: number; end: number; fixed: boolean; duration: number; author: string; comment: string }
  | { type: 'delete_downtime'; id: number; service: boolean }
  | { type: 'schedule_check'; host: string; service?: string; time: number; forced: boolean }
  | { type: 'set_active_checks'; host: string; service?: string; enabled: boolean }
  | { type: 'set_notifications'; host: string; service?: string; enabled: boolean }
  | { type: 'add_comment'; host: string; service?: string; author: string; comment: string; persistent: boolean }
  /** A passive check result, as PROCESS_HOST/SERVICE_CHECK_RESULT: the admin lever that forces a state (tests, demos). */
  | { type: 'process_check_result'; host: string; service?: string; state: number; output: string });

/**
 * The key of a host among several engines: its name, plus its engine when rows are tagged. Host name first, so keys
 * sort by host name and a host's rows from two engines sit next to each other.
 */
export function hostKey(r: { host_name: string; engine?: string | undefined }): string {
  return r.engine === undefined ? r.host_name : `${r.host_name}\u0000${r.engine}`;
}

/** A command that could not be handed to its engine (not answering); the message names the engine. Nothing is queued. */
export class EngineUnavailableError extends Error {
  override readonly name = 'EngineUnavailableError';
}

/** Thrown by submit() for commands refused because of their input (bad argument, unknown object): answer 400 with the message. */
export class CommandRejectedError extends Error {
  override readonly name = 'CommandRejectedError';
}

/**
 * What the rest of the server needs to know about a kind of source, declared by the source itself: pages ask for
 * these instead of branching on `kind`, so a new kind of engine touches its own folder only.
 */
export interface SourceCapabilities {
  /** Short name for pages: 'Demo fleet', 'Nagios Core', 'Livestatus'. */
  label: string;
  /** The daemon table's description of the engine. */
  description: string;
  /** The performance grapher is simulated along with the engine, rather than an npcd process on this machine. */
  simulatedGrapher: boolean;
  /**
   * Where hosts and services come from, which decides how the pages tell an administrator to add some: a simulation
   * sized by settings, object files this server reads itself (Nagios Core), or a remote engine's own configuration
   * that this server only queries (Livestatus: Icinga 2, Naemon).
   */
  objects: 'simulated' | 'config-files' | 'engine-config';
  /**
   * Every process reading this source sees the same data (a real engine). False for a simulation each process runs
   * itself, which starts afresh with every start: its changes cannot continue the feed a previous start recorded.
   */
  sharedData: boolean;
}

/** Capabilities of a source that declares none (test doubles): a real engine configured through its files. */
export const DEFAULT_CAPABILITIES: SourceCapabilities = { label: 'Monitoring engine', description: 'Monitoring engine', simulatedGrapher: false, objects: 'config-files', sharedData: true };

export const capabilitiesOf = (source: MonitoringSource): SourceCapabilities => source.capabilities ?? DEFAULT_CAPABILITIES;

/** One engine as the system status and `npm run admin -- engines` list it. */
export interface EngineStatus {
  name: string;
  kind: string;
  /** Where it is read from: a nagios.cfg path, a Livestatus address, 'simulated'. */
  address: string;
  /** `ok`; `failing` (the last read failed, the data is still within its staleness limit); `stale` (not answering). */
  state: 'ok' | 'failing' | 'stale';
  /** UNIX seconds of its data; 0 before any. */
  updated: number;
  /** Why the state is not `ok`; null when it is. */
  reason: string | null;
}

export interface MonitoringSource {
  readonly kind: 'demo' | 'nagios' | 'livestatus' | 'engines';
  readonly capabilities?: SourceCapabilities;
  /** Every engine behind this source with its state (several with PHAROS_ENGINES); absent: the source is one engine. */
  engines?(): EngineStatus[];
  /** The sources of those engines, by name, for what each declares of itself (its capabilities). */
  readonly members?: readonly { readonly name: string; readonly source: MonitoringSource }[];
  /** Starts watching or simulating; resolves once a first snapshot is available. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The latest snapshot; cheap, never blocks on I/O. */
  snapshot(): MonitoringSnapshot;
  /** Queues an external command; never blocks the server when the engine is not reading. */
  submit(command: ExternalCommand): Promise<void>;
  /** Whether the engine process is alive (demo: always). */
  engineRunning(): boolean;
  /**
   * Why the newest data was refused (incomplete or inconsistent), so the snapshot is older than it should be;
   * null while the last update was accepted. Absent: the source never refuses data.
   */
  dataProblem?(): string | null;
  /**
   * Lets the snapshot warmer prepare each large new snapshot (its per-snapshot indexes and totals, in slices) before
   * snapshot() hands it out; until `prepare` settles, snapshot() keeps returning the previous one. `null` stops it.
   * Absent: every snapshot is handed out as soon as it is made.
   */
  prepareSnapshots?(prepare: ((snapshot: MonitoringSnapshot) => Promise<void>) | null): void;
  /**
   * The engine's own log of state changes (Nagios Core's nagios.log, a Livestatus engine's log table), read to fill
   * the state history for when Pharos was not watching. Absent or undefined: the engine keeps none Pharos can read.
   */
  engineLog?(): EngineLog | undefined;
}

/**
 * Running as every screen means it: the process is alive and the engine itself says it is running (a Nagios that has
 * not written its status for too long says it is not). The top bar, the overview, the board and the engine pages
 * all use this one rule.
 */
export function engineCurrentlyRunning(source: MonitoringSource): boolean {
  return source.engineRunning() && source.snapshot().program.is_currently_running === 1;
}
