import type { Comment, Downtime, HostStateCode, HostStatus, ServiceStateCode, ServiceStatus, Group } from '../source.js';
import { renderHost } from './checks.js';
import { buildFleet, type Fleet } from './fleet.js';
import type { Rng } from './random.js';

export type Ref = { kind: 'host'; i: number } | { kind: 'service'; i: number };

/** Fields a change may set on either kind of record; the state code is checked by the callers. */
export type Changes = Partial<Writable>;
/** The fields hosts and services share. */
type Writable = Omit<ServiceStatus, 'current_state' | 'servicegroups' | 'service_description'> & { current_state: number };

/** How much history the 1/5/15-minute check counts need. */
const HISTORY_SECONDS = 900;
/** Minutes between retries of a soft problem, as Nagios' retry_interval. */
const RETRY_INTERVAL = 1;

interface CheckBucket { t: number; host: number; service: number }

/**
 * The mutable state of the demo fleet. Records are never changed in place: every change replaces the object,
 * so a snapshot handed out earlier stays consistent while the simulation moves on.
 */
export class Simulation {
  readonly hosts: HostStatus[];
  readonly services: ServiceStatus[];
  readonly hostgroups: Group[];
  readonly servicegroups: Group[];
  readonly fleet: Fleet;
  readonly hostIndex = new Map<string, number>();
  /** Changed in place: snapshots take copies. */
  /** By id, in the order they were added; deleting one must not cost a scan of thousands. */
  readonly comments = new Map<number, Comment>();
  /** Object key → ids of its acknowledgement comments. */
  private readonly ackComments = new Map<string, number[]>();
  downtimes: Downtime[] = [];
  /** Objects whose scheduled_downtime_depth is not 0, so a refresh need not visit the whole fleet. */
  private inDowntime = new Set<string>();
  /** Problems (non-OK) by index, in the order they began: iteration order must be deterministic. */
  readonly hostProblems = new Set<number>();
  readonly serviceProblems = new Set<number>();
  readonly softHosts = new Set<number>();
  readonly softServices = new Set<number>();
  /** Checks that must run at their next_check even when active checks are disabled. */
  readonly forcedChecks = new Set<string>();
  /** Flexible downtimes that have started: downtime id → start time. */
  readonly flexibleStarts = new Map<number, number>();
  /** Downtime id → id of the comment Nagios adds while the downtime is in effect. */
  readonly downtimeComments = new Map<number, number>();
  readonly hostLatency: Float64Array;
  readonly hostExec: Float64Array;
  readonly serviceLatency: Float64Array;
  readonly serviceExec: Float64Array;
  history: CheckBucket[] = [];
  nextCommentId = 1;
  nextDowntimeId = 1;
  /** Bumped on every change; snapshots are cached per version. */
  version = 0;

  /** `engine`: the name every record is tagged with (several engines), or undefined. */
  constructor(readonly rng: Rng, hostCount: number, servicesPerHost: number, public now: number, readonly programStart: number, engine?: string) {
    this.fleet = buildFleet(hostCount, servicesPerHost, rng, now, engine);
    this.hosts = this.fleet.hosts;
    this.services = this.fleet.services;
    this.hostgroups = this.fleet.hostgroups;
    this.servicegroups = this.fleet.servicegroups;
    this.hosts.forEach((h, i) => this.hostIndex.set(h.host_name, i));
    this.hostLatency = new Float64Array(this.hosts.length);
    this.hostExec = new Float64Array(this.hosts.length);
    for (let i = 0; i < this.hosts.length; i++) {
      this.hostLatency[i] = rng.between(0.001, 0.25);
      this.hostExec[i] = rng.between(0.01, 4.1);
    }
    this.serviceLatency = new Float64Array(this.services.length);
    this.serviceExec = new Float64Array(this.services.length);
    for (let i = 0; i < this.services.length; i++) {
      this.serviceLatency[i] = rng.between(0.001, 0.4);
      this.serviceExec[i] = this.fleet.templates[i]!.exec * rng.between(0.5, 1.5);
    }
    this.seedHistory();
  }

  /** Checks that ran in the 15 minutes before start, so the engine counters are plausible from the first request. */
  private seedHistory(): void {
    const from = this.now - HISTORY_SECONDS;
    // One slot per second of the window, indexed by t - from.
    const hostSlots = new Int32Array(HISTORY_SECONDS + 1);
    const serviceSlots = new Int32Array(HISTORY_SECONDS + 1);
    for (const h of this.hosts) for (let t = h.last_check; t > from; t -= h.check_interval * 60) hostSlots[t - from]!++;
    for (const s of this.services) for (let t = s.last_check; t > from; t -= s.check_interval * 60) serviceSlots[t - from]!++;
    this.history = [];
    for (let k = 1; k <= HISTORY_SECONDS; k++) {
      if (hostSlots[k] || serviceSlots[k]) this.history.push({ t: from + k, host: hostSlots[k]!, service: serviceSlots[k]! });
    }
  }

  private countCheck(kind: 'host' | 'service'): void {
    const last = this.history[this.history.length - 1];
    if (last && last.t === this.now) last[kind]++;
    else this.history.push({ t: this.now, host: kind === 'host' ? 1 : 0, service: kind === 'service' ? 1 : 0 });
  }

  pruneHistory(): void {
    const from = this.now - HISTORY_SECONDS;
    const keep = this.history.findIndex((b) => b.t > from);
    this.history = keep < 0 ? [] : this.history.slice(keep);
  }

  /** A host's services are contiguous, so a lookup needs no index of its own. */
  findService(host: string, description: string): number | undefined {
    const h = this.hostIndex.get(host);
    if (h === undefined) return undefined;
    for (let j = this.fleet.serviceStart[h]!; j < this.fleet.serviceStart[h + 1]!; j++) {
      if (this.services[j]!.service_description === description) return j;
    }
    return undefined;
  }

  keyOf(ref: Ref): string {
    if (ref.kind === 'host') return this.hosts[ref.i]!.host_name;
    const s = this.services[ref.i]!;
    return `${s.host_name};${s.service_description}`;
  }

  record(ref: Ref): HostStatus | ServiceStatus {
    return ref.kind === 'host' ? this.hosts[ref.i]! : this.services[ref.i]!;
  }

  patch(ref: Ref, changes: Changes): void {
    if (ref.kind === 'host') this.hosts[ref.i] = { ...this.hosts[ref.i]!, ...changes } as HostStatus;
    else this.services[ref.i] = { ...this.services[ref.i]!, ...changes } as ServiceStatus;
    this.version++;
  }

  private render(ref: Ref, state: number): { output: string; long_output: string; perfdata: string } {
    if (ref.kind === 'host') return renderHost(state as HostStateCode, this.rng, this.hosts[ref.i]!.address);
    const host = this.hosts[this.fleet.serviceHost[ref.i]!]!;
    return this.fleet.templates[ref.i]!.render(state as ServiceStateCode, this.rng, { host: host.host_name, address: host.address });
  }

  private problemsOf(ref: Ref): Set<number> {
    return ref.kind === 'host' ? this.hostProblems : this.serviceProblems;
  }

  private softOf(ref: Ref): Set<number> {
    return ref.kind === 'host' ? this.softHosts : this.softServices;
  }

  /** One check of the object: a fresh plugin result in `state`, with Nagios' soft/hard and acknowledgement rules. */
  check(ref: Ref, state: number, opts: { hard?: boolean } = {}): void {
    const rec = this.record(ref);
    const soft = this.softOf(ref);
    const problems = this.problemsOf(ref);
    // A full copy with its fields overwritten keeps V8's fast object shape; building a partial object and spreading it does not.
    const next = { ...rec } as Writable;
    const result = this.render(ref, state);
    next.output = result.output;
    next.long_output = result.long_output;
    next.perfdata = result.perfdata;
    next.current_state = state;
    next.has_been_checked = 1;
    next.last_check = this.now;
    let retrying = false;
    if (state === 0) {
      soft.delete(ref.i);
      problems.delete(ref.i);
      next.state_type = 1;
      next.current_check_attempt = 1;
    } else {
      problems.add(ref.i);
      if (opts.hard || rec.max_check_attempts <= 1) {
        soft.delete(ref.i);
        next.state_type = 1;
        next.current_check_attempt = rec.max_check_attempts;
      } else if (rec.current_state === 0) {
        soft.add(ref.i);
        retrying = true;
        next.state_type = 0;
        next.current_check_attempt = 1;
      } else if (soft.has(ref.i)) {
        const attempt = Math.min(rec.current_check_attempt + 1, rec.max_check_attempts);
        retrying = attempt < rec.max_check_attempts;
        if (!retrying) soft.delete(ref.i);
        next.state_type = retrying ? 0 : 1;
        next.current_check_attempt = attempt;
      }
    }
    if (rec.current_state !== state) {
      next.last_state_change = this.now;
      // Sticky acknowledgements survive changes between problem states; any recovery ends them.
      if (rec.problem_acknowledged && (state === 0 || rec.acknowledgement_type !== 2)) {
        next.problem_acknowledged = 0;
        next.acknowledgement_type = 0;
        this.dropAckComments(ref);
      }
    }
    next.next_check = this.now + (retrying ? RETRY_INTERVAL : rec.check_interval) * 60;
    const latency = this.rng.between(0.001, 0.4);
    if (ref.kind === 'host') {
      this.hostLatency[ref.i] = latency;
      this.hosts[ref.i] = next as unknown as HostStatus;
    } else {
      this.serviceLatency[ref.i] = latency;
      this.services[ref.i] = next as unknown as ServiceStatus;
    }
    this.version++;
    this.countCheck(ref.kind);
  }

  /** Host state changes carry its services along: a down host's checks all fail, a recovered host's pass again. */
  setHostState(i: number, state: HostStateCode, opts: { hard?: boolean } = {}): void {
    const wasUp = this.hosts[i]!.current_state === 0;
    this.check({ kind: 'host', i }, state, opts);
    const isUp = state === 0;
    if (wasUp === isUp) return;
    for (let j = this.fleet.serviceStart[i]!; j < this.fleet.serviceStart[i + 1]!; j++) {
      this.check({ kind: 'service', i: j }, isUp ? 0 : 2, { hard: true });
    }
  }

  addComment(ref: Ref, c: { author: string; text: string; persistent: boolean; entryType: number; time?: number }): Comment {
    const rec = this.record(ref);
    const comment: Comment = {
      id: this.nextCommentId++, host_name: rec.host_name, service_description: ref.kind === 'service' ? this.services[ref.i]!.service_description : null,
      author: c.author, text: c.text, entry_time: c.time ?? this.now, persistent: c.persistent ? 1 : 0, entry_type: c.entryType,
    };
    this.comments.set(comment.id, comment);
    if (c.entryType === 4) {
      const key = this.keyOf(ref);
      this.ackComments.set(key, [...(this.ackComments.get(key) ?? []), comment.id]);
    }
    this.version++;
    return comment;
  }

  /** Nagios deletes non-persistent acknowledgement comments when the acknowledgement ends. */
  dropAckComments(ref: Ref): void {
    const key = this.keyOf(ref);
    const ids = this.ackComments.get(key);
    if (!ids) return;
    const kept = ids.filter((id) => this.comments.get(id)?.persistent === 1);
    for (const id of ids) if (!kept.includes(id)) this.comments.delete(id);
    if (kept.length) this.ackComments.set(key, kept);
    else this.ackComments.delete(key);
    this.version++;
  }

  acknowledge(ref: Ref, a: { author: string; comment: string; sticky: boolean; persistent: boolean }): void {
    this.patch(ref, { problem_acknowledged: 1, acknowledgement_type: a.sticky ? 2 : 1 });
    this.addComment(ref, { author: a.author, text: a.comment, persistent: a.persistent, entryType: 4 });
  }

  removeAcknowledgement(ref: Ref): void {
    this.patch(ref, { problem_acknowledged: 0, acknowledgement_type: 0 });
    this.dropAckComments(ref);
  }

  refOfDowntime(d: Downtime): Ref | undefined {
    if (d.service_description === null) {
      const i = this.hostIndex.get(d.host_name);
      return i === undefined ? undefined : { kind: 'host', i };
    }
    const i = this.findService(d.host_name, d.service_description);
    return i === undefined ? undefined : { kind: 'service', i };
  }

  /** `refresh: false` lets a batch of additions share one refresh. */
  addDowntime(ref: Ref, d: Omit<Downtime, 'id' | 'host_name' | 'service_description'>, refresh = true): Downtime {
    const rec = this.record(ref);
    const downtime: Downtime = {
      id: this.nextDowntimeId++, host_name: rec.host_name, service_description: ref.kind === 'service' ? this.services[ref.i]!.service_description : null, ...d,
    };
    this.downtimes.push(downtime);
    this.version++;
    if (refresh) this.refreshDowntimes();
    return downtime;
  }

  removeDowntime(id: number): void {
    this.dropDowntime(id);
    this.refreshDowntimes();
  }

  private dropDowntime(id: number): void {
    this.downtimes = this.downtimes.filter((d) => d.id !== id);
    this.flexibleStarts.delete(id);
    const commentId = this.downtimeComments.get(id);
    if (commentId !== undefined) {
      this.comments.delete(commentId);
      this.downtimeComments.delete(id);
    }
    this.version++;
  }

  private downtimeActive(d: Downtime): boolean {
    if (d.fixed) return d.start_time <= this.now && this.now < d.end_time;
    const started = this.flexibleStarts.get(d.id);
    return started !== undefined && this.now < started + d.duration;
  }

  private downtimeOver(d: Downtime): boolean {
    if (d.fixed) return this.now >= d.end_time;
    const started = this.flexibleStarts.get(d.id);
    return started === undefined ? this.now >= d.end_time : this.now >= started + d.duration;
  }

  /** Starts flexible downtimes whose object has a problem, ends expired ones and recomputes every scheduled_downtime_depth. */
  refreshDowntimes(): void {
    for (const d of this.downtimes) {
      if (d.fixed || this.flexibleStarts.has(d.id) || d.start_time > this.now || this.now >= d.end_time) continue;
      const ref = this.refOfDowntime(d);
      if (ref && this.record(ref).current_state !== 0) this.flexibleStarts.set(d.id, this.now);
    }
    for (const d of this.downtimes.filter((x) => this.downtimeOver(x))) this.dropDowntime(d.id);
    const depth = new Map<string, number>();
    for (const d of this.downtimes) {
      const ref = this.refOfDowntime(d);
      if (!ref || !this.downtimeActive(d)) continue;
      const key = `${ref.kind}:${ref.i}`;
      depth.set(key, (depth.get(key) ?? 0) + 1);
      if (!this.downtimeComments.has(d.id)) {
        const what = ref.kind === 'host' ? 'host' : 'service';
        const kind = d.fixed ? 'fixed' : 'flexible';
        const text = `This ${what} has been scheduled for ${kind} downtime from ${new Date(d.start_time * 1000).toISOString()} to ${new Date(d.end_time * 1000).toISOString()}. Notifications for the ${what} will not be sent out during that time period.`;
        this.downtimeComments.set(d.id, this.addComment(ref, { author: d.author, text, persistent: false, entryType: 2 }).id);
      }
    }
    for (const key of new Set([...this.inDowntime, ...depth.keys()])) {
      const [kind, index] = key.split(':') as ['host' | 'service', string];
      const ref = { kind, i: Number(index) } as Ref;
      const want = depth.get(key) ?? 0;
      if (this.record(ref).scheduled_downtime_depth !== want) this.patch(ref, { scheduled_downtime_depth: want });
    }
    this.inDowntime = new Set(depth.keys());
  }
}
