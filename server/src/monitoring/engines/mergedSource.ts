/**
 * One MonitoringSource over several engines (PHAROS_ENGINES). Every row is tagged with its engine's name. An engine
 * that is not answering keeps its last rows, each marked `stale` with the time of that data: they stay visible (and in
 * the change feed, so its standing problems are not replayed as new when it comes back) but are left out of totals.
 */
import { emptySnapshot } from '../empty.js';
import { finish, memoSliced, runSliced, SLICE_ROWS, sortOrder, type SlicedStep, type Slices } from '../slices.js';
import {
  CommandRejectedError, EngineUnavailableError, type EngineStatus, type EngineTag, type ExternalCommand, type Group, type HostStatus, type MonitoringSnapshot,
  type MonitoringSource, type ServiceStatus, type SourceCapabilities,
} from '../source.js';
import { registerParts } from '../snapshotParts.js';
import { PREPARE_ABOVE_ROWS } from '../preparedSource.js';
import type { Engine } from './openEngine.js';
import { log } from '../../log.js';

/** Code-point order, as the status pages sort names. */
const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

type Rows = Pick<MonitoringSnapshot, 'hosts' | 'services' | 'comments' | 'downtimes'>;

type Named = { host_name: string; engine?: string };
type NamedService = Named & { service_description: string };

/**
 * hostKey order (host name, then engine) without building the keys: at 300,000 services a sort that concatenates
 * keys in every comparison took seconds. The same order as comparing hostKey strings, since '\u0000' sorts first.
 */
const byHost = (a: Named, b: Named): number => compareNames(a.host_name, b.host_name) || compareNames(a.engine ?? '', b.engine ?? '');
const byService = (a: NamedService, b: NamedService): number => byHost(a, b) || compareNames(a.service_description, b.service_description);
const sameHost = (a: Named, b: Named): boolean => a.host_name === b.host_name && a.engine === b.engine;
const sameService = (a: NamedService, b: NamedService): boolean => sameHost(a, b) && a.service_description === b.service_description;

/**
 * One engine's rows in merge order. Sources usually deliver them in order already, which costs one check; one that
 * does not (the demo fleet) keeps its objects where they are from one snapshot to the next, so the order found last
 * time is checked in one pass and reused instead of sorting again.
 */
class Orderer<T> {
  private last: { rows: readonly T[]; order: Int32Array } | undefined;

  constructor(private readonly compare: (a: T, b: T) => number, private readonly same: (a: T, b: T) => boolean) {}

  *sorted(rows: T[]): Slices<T[]> {
    const { compare, same } = this;
    let inOrder = true;
    for (let i = 1; i < rows.length; i++) {
      if (compare(rows[i - 1]!, rows[i]!) > 0) {
        inOrder = false;
        break;
      }
      if (i % SLICE_ROWS === 0) yield;
    }
    if (inOrder) return rows;
    let order: Int32Array | undefined;
    const last = this.last;
    if (last && last.rows.length === rows.length) {
      order = last.order;
      for (let i = 0; i < rows.length; i++) {
        const a = rows[i]!;
        const b = last.rows[i]!;
        if (a !== b && !same(a, b)) {
          order = undefined;
          break;
        }
        if (i % SLICE_ROWS === 0) yield;
      }
    }
    order ??= yield* sortOrder(rows, compare);
    this.last = { rows, order };
    const out = new Array<T>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      out[i] = rows[order[i]!]!;
      if (i % SLICE_ROWS === 0) yield;
    }
    return out;
  }
}

/**
 * `rows` with the engine's name (and `stale`). Rows its source tagged already (openEngine asks each source to) are
 * used as they are while the engine answers: at 110,000 rows per engine, copying them for every new snapshot was
 * most of the cost of a merge, most of it garbage collection.
 */
function* tagRows<T extends EngineTag>(rows: T[], name: string, stale: number | undefined): Slices<T[]> {
  let own = stale === undefined;
  for (let i = 0; own && i < rows.length; i++) {
    const r = rows[i]!;
    if (r.engine !== name || r.stale !== undefined) own = false;
    if (i % SLICE_ROWS === 0) yield;
  }
  if (own) return rows;
  const tag = stale === undefined ? { engine: name } : { engine: name, stale };
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    out[i] = { ...rows[i]!, ...tag };
    if (i % SLICE_ROWS === 0) yield;
  }
  return out;
}

/**
 * One engine's rows with its name (and `stale`), hosts and services in merge order, kept per snapshot object and
 * staleness so unchanged engines cost nothing.
 */
function taggedRows(name: string): SlicedStep<{ snap: MonitoringSnapshot; stale: number | undefined }, Rows> {
  const hostOrder = new Orderer<HostStatus>(byHost, sameHost);
  const serviceOrder = new Orderer<ServiceStatus>(byService, sameService);
  return memoSliced((p) => p.snap, function* ({ snap, stale }): Slices<Rows> {
    const hosts = yield* hostOrder.sorted(yield* tagRows(snap.hosts, name, stale));
    const services = yield* serviceOrder.sorted(yield* tagRows(snap.services, name, stale));
    const tag = stale === undefined ? { engine: name } : { engine: name, stale };
    return { hosts, services, comments: snap.comments.map((c) => ({ ...c, ...tag })), downtimes: snap.downtimes.map((d) => ({ ...d, ...tag })) };
  }, (p) => p.stale);
}

/**
 * Merges lists each already in `compare` order (each engine's rows) into one, and says which list each merged row came
 * from. The engines' names rarely change from one snapshot to the next (their states do): while every list holds the
 * same names as last time, the last merge's pattern is replayed, which touches none of the rows themselves.
 */
class Merger<T> {
  private last: { lists: readonly T[][]; from: Uint16Array } | undefined;

  constructor(private readonly compare: (a: T, b: T) => number, private readonly same: (a: T, b: T) => boolean) {}

  *merged(lists: T[][]): Slices<{ rows: T[]; from: Uint16Array }> {
    const total = lists.reduce((n, l) => n + l.length, 0);
    let from = yield* this.replayable(lists);
    // A new array even for a single list: the merged snapshot never shares an array with an engine's cached rows.
    const rows = new Array<T>(total);
    if (from) {
      const next = new Int32Array(lists.length);
      for (let i = 0; i < total; i++) {
        const p = from[i]!;
        rows[i] = lists[p]![next[p]!++]!;
        if (i % (8 * SLICE_ROWS) === 0) yield;
      }
    } else {
      from = new Uint16Array(total);
      const { compare } = this;
      const next = new Int32Array(lists.length);
      for (let i = 0; i < total; i++) {
        // The first list holding the least next row: equal rows keep the lists' order, as a stable sort would.
        let best = -1;
        for (let p = 0; p < lists.length; p++) {
          if (next[p]! >= lists[p]!.length) continue;
          if (best < 0 || compare(lists[p]![next[p]!]!, lists[best]![next[best]!]!) < 0) best = p;
        }
        from[i] = best;
        rows[i] = lists[best]![next[best]!++]!;
        if (i % SLICE_ROWS === 0) yield;
      }
    }
    this.last = { lists, from };
    return { rows, from };
  }

  /** The last merge's pattern, when every list has the same names in the same places as then. */
  private *replayable(lists: T[][]): Slices<Uint16Array | undefined> {
    const last = this.last;
    if (!last || last.lists.length !== lists.length) return undefined;
    for (let p = 0; p < lists.length; p++) {
      const now = lists[p]!;
      const then = last.lists[p]!;
      if (now === then) continue;
      if (now.length !== then.length) return undefined;
      for (let i = 0; i < now.length; i++) {
        if (now[i] !== then[i] && !this.same(now[i]!, then[i]!)) return undefined;
        if (i % SLICE_ROWS === 0) yield;
      }
    }
    return last.from;
  }
}

/** Groups of the same name on several engines are one group with every member (members are host names, as on one engine). */
function* mergeGroups(lists: Group[][]): Slices<Group[]> {
  // A Set per group: with 10,000 members on each engine, checking the member list itself took seconds per merge.
  const byName = new Map<string, { group: Group; seen: Set<string> }>();
  let work = 0;
  for (const list of lists) {
    for (const g of list) {
      const known = byName.get(g.name);
      if (!known) byName.set(g.name, { group: { ...g, members: [...g.members] }, seen: new Set(g.members) });
      else {
        for (const m of g.members) {
          if (known.seen.has(m)) continue;
          known.seen.add(m);
          known.group.members.push(m);
        }
      }
      work += g.members.length;
      if (work >= SLICE_ROWS) {
        work = 0;
        yield;
      }
    }
  }
  return [...byName.values()].map((k) => k.group).sort((a, b) => compareNames(a.name, b.name));
}

/** mergeGroups, kept while every engine's group list is the same array (the demo fleet's never change). */
class GroupMerger {
  private last: { lists: Group[][]; merged: Group[] } | undefined;

  *merged(lists: Group[][]): Slices<Group[]> {
    const last = this.last;
    if (last && last.lists.length === lists.length && last.lists.every((l, i) => l === lists[i])) return last.merged;
    const merged = yield* mergeGroups(lists);
    this.last = { lists, merged };
    return merged;
  }
}

/** "1 of 3 engines not answering", the line the problems board and the system status show. */
export function notAnsweringLine(statuses: readonly EngineStatus[]): string | null {
  const down = statuses.filter((s) => s.state === 'stale');
  if (down.length === 0) return null;
  return `${down.length} of ${statuses.length} engine${statuses.length === 1 ? '' : 's'} not answering: ${down.map((s) => s.name).join(', ')}`;
}

type Part = { e: Engine; snap: MonitoringSnapshot; stale: number | undefined };

const sameKey = (a: unknown[], b: unknown[]): boolean => a.length === b.length && a.every((k, i) => k === b[i]);

export class MergedSource implements MonitoringSource {
  readonly kind = 'engines' as const;
  readonly capabilities: SourceCapabilities;
  private readonly tagged = new Map<string, ReturnType<typeof taggedRows>>();
  private readonly hostgroups = new GroupMerger();
  private readonly servicegroups = new GroupMerger();
  private readonly hostMerger = new Merger<HostStatus>(byHost, sameHost);
  private readonly serviceMerger = new Merger<ServiceStatus>(byService, sameService);
  /** The engines' host and service lists of the last merge, and the merged lists made of them. */
  private lastRows: { hosts: HostStatus[][]; services: ServiceStatus[][]; merged: { hosts: HostStatus[]; services: ServiceStatus[] } } | undefined;
  /** The snapshot handed out, and what it was made of. */
  private last: { key: unknown[]; snapshot: MonitoringSnapshot } | undefined;
  /** A newer snapshot being built and prepared in slices. */
  private job: object | undefined;
  private prepare: ((snapshot: MonitoringSnapshot) => Promise<void>) | null = null;
  /** A command changed an engine's data at once: the next snapshot is made at once too, so its sender sees the effect. */
  private atOnce = false;

  constructor(readonly members: readonly Engine[]) {
    const caps = members.map((e) => e.source.capabilities);
    this.capabilities = {
      label: `${members.length} engines`,
      description: members.map((e) => `${e.name} (${e.source.capabilities?.label ?? e.source.kind})`).join(', '),
      simulatedGrapher: caps.every((c) => c?.simulatedGrapher === true),
      objects: caps.some((c) => c?.objects !== 'simulated') ? 'config-files' : 'simulated',
      sharedData: caps.every((c) => c?.sharedData !== false),
    };
    for (const e of members) this.tagged.set(e.name, taggedRows(e.name));
  }

  /** Every engine starts on its own: one that cannot start is shown as not answering, never the end of the others. */
  async start(): Promise<void> {
    await Promise.all(this.members.map(async (e) => {
      try {
        await e.source.start();
      } catch (err) {
        log().warn(`Monitoring data: engine '${e.name}' did not start: ${(err as Error).message}`);
      }
    }));
    // The first merge puts every engine's rows in order (a sort, for an engine that does not list them so): done
    // before the server answers anything, rather than in the way of its first requests.
    this.snapshot();
  }

  async stop(): Promise<void> {
    this.job = undefined;
    await Promise.all(this.members.map((e) => e.source.stop()));
  }

  engines(): EngineStatus[] {
    return this.members.map((e) => e.status());
  }

  prepareSnapshots(prepare: ((snapshot: MonitoringSnapshot) => Promise<void>) | null): void {
    this.prepare = prepare;
  }

  /**
   * The merged snapshot, made anew when any engine's snapshot or staleness changed. A large one (PREPARE_ABOVE_ROWS)
   * is built in slices and prepared by the snapshot warmer (its indexes and totals) while this keeps returning the
   * previous one: a merge and the indexes over 300,000 rows held the event loop for up to seconds, and every request
   * waited. So a change shows a moment later (well under a second on an idle machine), never half-made.
   */
  snapshot(): MonitoringSnapshot {
    const parts: Part[] = this.members.map((e) => {
      const status = e.status();
      const snap = e.source.snapshot();
      return { e, snap, stale: status.state === 'stale' ? snap.updated : undefined };
    });
    const key = parts.flatMap((p) => [p.snap, p.stale]);
    if (this.last && sameKey(this.last.key, key)) return this.last.snapshot;
    const rows = parts.reduce((n, p) => n + p.snap.hosts.length + p.snap.services.length, 0);
    if (this.last && this.prepare && !this.atOnce && rows >= PREPARE_ABOVE_ROWS) {
      // One at a time: a change during a job is picked up by the first call after it.
      if (!this.job) this.startJob(parts, key);
      return this.last.snapshot;
    }
    this.atOnce = false;
    // Anything being prepared is older than this.
    this.job = undefined;
    const snapshot = finish(this.merge(parts));
    this.last = { key, snapshot };
    return snapshot;
  }

  private startJob(parts: Part[], key: unknown[]): void {
    const job = {};
    this.job = job;
    void (async () => {
      let snapshot: MonitoringSnapshot;
      try {
        snapshot = await runSliced(this.merge(parts));
      } catch {
        // Made at once by the next call instead, where a failure reaches whoever asked.
        if (this.job === job) {
          this.job = undefined;
          this.atOnce = true;
        }
        return;
      }
      try {
        if (this.job === job) await this.prepare?.(snapshot);
      } catch {
        // Not prepared: requests compute what they need themselves, as without a warmer.
      }
      if (this.job !== job) return;
      this.job = undefined;
      this.last = { key, snapshot };
    })();
  }

  private *merge(parts: Part[]): Slices<MonitoringSnapshot> {
    const rows: Rows[] = [];
    for (const p of parts) rows.push(yield* this.tagged.get(p.e.name)!.slices({ snap: p.snap, stale: p.stale }));
    // Each engine's rows are in order already (cached with its snapshot): merging them is linear per engine. When no
    // engine's rows changed (a Livestatus poll that brought nothing new), the merged lists are the last ones: every
    // answer kept per host and service list stays valid.
    const last = this.lastRows;
    let merged = last?.merged;
    if (!last || last.hosts.length !== rows.length || rows.some((r, i) => r.hosts !== last.hosts[i] || r.services !== last.services[i])) {
      const hosts = yield* this.hostMerger.merged(rows.map((r) => r.hosts));
      const services = yield* this.serviceMerger.merged(rows.map((r) => r.services));
      merged = { hosts: hosts.rows, services: services.rows };
      // Each engine's rows (the same objects while its data does not change) and where they went: per-snapshot
      // answers that add up are computed per engine and combined.
      registerParts(merged, { parts: rows, hostFrom: hosts.from, serviceFrom: services.from });
      this.lastRows = { hosts: rows.map((r) => r.hosts), services: rows.map((r) => r.services), merged };
    }
    const hostgroups = yield* this.hostgroups.merged(parts.map((p) => p.snap.hostgroups));
    const servicegroups = yield* this.servicegroups.merged(parts.map((p) => p.snap.servicegroups));
    const live = parts.filter((p) => p.stale === undefined);
    const base = emptySnapshot();
    const first = (live[0] ?? parts[0])?.snap ?? base;
    const stats = structuredClone(first.stats);
    for (const p of live.slice(1)) {
      for (const k of ['activehostchecks', 'passivehostchecks', 'activeservicechecks', 'passiveservicechecks'] as const) {
        stats[k].val1 += p.snap.stats[k].val1;
        stats[k].val5 += p.snap.stats[k].val5;
        stats[k].val15 += p.snap.stats[k].val15;
      }
    }
    const snapshot: MonitoringSnapshot = {
      // The oldest data among the engines that answer: the merged data is only as current as its oldest live part.
      updated: live.length ? Math.min(...live.map((p) => p.snap.updated)) : Math.max(0, ...parts.map((p) => p.snap.updated)),
      hosts: merged!.hosts, services: merged!.services, hostgroups, servicegroups,
      comments: rows.flatMap((r) => r.comments),
      downtimes: rows.flatMap((r) => r.downtimes),
      program: { ...first.program, is_currently_running: live.length ? 1 : 0, instance_name: this.members.map((e) => e.name).join(', ') },
      stats,
    };
    return snapshot;
  }

  /** The engine a command is for: named by it, or the only engine that has its host. */
  private ownerOf(command: ExternalCommand): Engine {
    if (command.engine !== undefined) {
      const named = this.members.find((e) => e.name === command.engine);
      if (!named) throw new CommandRejectedError(`There is no engine named '${command.engine}'.`);
      return named;
    }
    if (command.type === 'delete_downtime') throw new CommandRejectedError('Name the engine of the downtime (engine=...): several engines are configured.');
    const owners = this.members.filter((e) => e.source.snapshot().hosts.some((h) => h.host_name === command.host));
    if (owners.length === 1) return owners[0]!;
    if (owners.length === 0) throw new CommandRejectedError(`No engine has a host named '${command.host}'.`);
    throw new CommandRejectedError(`The host '${command.host}' is on several engines (${owners.map((e) => e.name).join(', ')}); name one with engine=.`);
  }

  async submit(command: ExternalCommand): Promise<void> {
    const engine = this.ownerOf(command);
    const status = engine.status();
    // A command for an engine that is not answering would wait in a pipe or be lost: refused, and said so.
    if (status.state === 'stale') {
      throw new EngineUnavailableError(`Engine '${engine.name}' is not answering${status.reason ? ` (${status.reason})` : ''}, so the command was not sent.`);
    }
    const { engine: _owner, ...forEngine } = command;
    const before = engine.source.snapshot();
    await engine.source.submit(forEngine as ExternalCommand);
    if (engine.source.snapshot() !== before) this.atOnce = true;
  }

  engineRunning(): boolean {
    return this.members.some((e) => e.status().state !== 'stale');
  }

  dataProblem(): string | null {
    const statuses = this.engines();
    const line = notAnsweringLine(statuses);
    const failing = statuses.filter((s) => s.state === 'failing').map((s) => `${s.name}: ${s.reason ?? 'failing'}`);
    if (!line && !failing.length) return null;
    return [line, ...failing].filter(Boolean).join('; ');
  }
}
