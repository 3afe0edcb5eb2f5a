/**
 * One MonitoringSource over several engines (PHAROS_ENGINES). Every row is tagged with its engine's name. An engine
 * that is not answering keeps its last rows, each marked `stale` with the time of that data: they stay visible (and in
 * the change feed, so its standing problems are not replayed as new when it comes back) but are left out of totals.
 */
import { emptySnapshot } from '../empty.js';
import {
  CommandRejectedError, EngineUnavailableError, type EngineStatus, type ExternalCommand, type Group, type MonitoringSnapshot,
  type MonitoringSource, type SourceCapabilities,
} from '../source.js';
import type { Engine } from './openEngine.js';

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

/** `rows` in `compare` order: as they are when already sorted (the usual case), else a sorted copy. */
function sortedRows<T>(rows: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < rows.length; i++) if (compare(rows[i - 1]!, rows[i]!) > 0) return [...rows].sort(compare);
  return rows;
}

/** Merges lists each already in `compare` order: O(n log k) for k engines, instead of sorting every row again. */
function mergeSorted<T>(lists: T[][], compare: (a: T, b: T) => number): T[] {
  let round = lists.filter((l) => l.length > 0);
  // A copy even of a single list: the merged snapshot never shares an array with an engine's cached rows.
  if (round.length <= 1) return [...(round[0] ?? [])];
  while (round.length > 1) {
    const next: T[][] = [];
    for (let i = 0; i < round.length; i += 2) {
      const a = round[i]!;
      const b = round[i + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const out: T[] = new Array<T>(a.length + b.length);
      let x = 0;
      let y = 0;
      let o = 0;
      while (x < a.length && y < b.length) out[o++] = compare(a[x]!, b[y]!) <= 0 ? a[x++]! : b[y++]!;
      while (x < a.length) out[o++] = a[x++]!;
      while (y < b.length) out[o++] = b[y++]!;
      next.push(out);
    }
    round = next;
  }
  return round[0]!;
}

/**
 * One engine's rows with its name (and `stale`), hosts and services in merge order, cached per snapshot object and
 * staleness so unchanged engines cost nothing.
 */
function tagged(cache: WeakMap<MonitoringSnapshot, { stale: number | undefined; rows: Rows }>, name: string, snap: MonitoringSnapshot, stale: number | undefined): Rows {
  const hit = cache.get(snap);
  if (hit && hit.stale === stale) return hit.rows;
  const tag = stale === undefined ? { engine: name } : { engine: name, stale };
  const rows: Rows = {
    hosts: sortedRows(snap.hosts.map((h) => ({ ...h, ...tag })), byHost),
    services: sortedRows(snap.services.map((s) => ({ ...s, ...tag })), byService),
    comments: snap.comments.map((c) => ({ ...c, ...tag })),
    downtimes: snap.downtimes.map((d) => ({ ...d, ...tag })),
  };
  cache.set(snap, { stale, rows });
  return rows;
}

/** Groups of the same name on several engines are one group with every member (members are host names, as on one engine). */
function mergeGroups(lists: Group[][]): Group[] {
  // A Set per group: with 10,000 members on each engine, checking the member list itself took seconds per merge.
  const byName = new Map<string, { group: Group; seen: Set<string> }>();
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
    }
  }
  return [...byName.values()].map((k) => k.group).sort((a, b) => compareNames(a.name, b.name));
}

/** "1 of 3 engines not answering", the line the problems board and the system status show. */
export function notAnsweringLine(statuses: readonly EngineStatus[]): string | null {
  const down = statuses.filter((s) => s.state === 'stale');
  if (down.length === 0) return null;
  return `${down.length} of ${statuses.length} engine${statuses.length === 1 ? '' : 's'} not answering: ${down.map((s) => s.name).join(', ')}`;
}

export class MergedSource implements MonitoringSource {
  readonly kind = 'engines' as const;
  readonly capabilities: SourceCapabilities;
  private readonly cache = new Map<string, WeakMap<MonitoringSnapshot, { stale: number | undefined; rows: Rows }>>();
  private last: { key: unknown[]; snapshot: MonitoringSnapshot } | undefined;

  constructor(readonly members: readonly Engine[]) {
    const caps = members.map((e) => e.source.capabilities);
    this.capabilities = {
      label: `${members.length} engines`,
      description: members.map((e) => `${e.name} (${e.source.capabilities?.label ?? e.source.kind})`).join(', '),
      simulatedGrapher: caps.every((c) => c?.simulatedGrapher === true),
      objects: caps.some((c) => c?.objects !== 'simulated') ? 'config-files' : 'simulated',
      sharedData: caps.every((c) => c?.sharedData !== false),
    };
    for (const e of members) this.cache.set(e.name, new WeakMap());
  }

  /** Every engine starts on its own: one that cannot start is shown as not answering, never the end of the others. */
  async start(): Promise<void> {
    await Promise.all(this.members.map(async (e) => {
      try {
        await e.source.start();
      } catch (err) {
        console.warn(`Monitoring data: engine '${e.name}' did not start: ${(err as Error).message}`);
      }
    }));
  }

  async stop(): Promise<void> {
    await Promise.all(this.members.map((e) => e.source.stop()));
  }

  engines(): EngineStatus[] {
    return this.members.map((e) => e.status());
  }

  snapshot(): MonitoringSnapshot {
    const parts = this.members.map((e) => {
      const status = e.status();
      const snap = e.source.snapshot();
      return { e, snap, stale: status.state === 'stale' ? snap.updated : undefined };
    });
    const key = parts.flatMap((p) => [p.snap, p.stale]);
    if (this.last && this.last.key.length === key.length && this.last.key.every((k, i) => k === key[i])) return this.last.snapshot;
    const snapshot = this.merge(parts);
    this.last = { key, snapshot };
    return snapshot;
  }

  private merge(parts: { e: Engine; snap: MonitoringSnapshot; stale: number | undefined }[]): MonitoringSnapshot {
    const rows = parts.map((p) => tagged(this.cache.get(p.e.name)!, p.e.name, p.snap, p.stale));
    // Each engine's rows are in order already (cached with its snapshot): merging them is linear per engine.
    const hosts = mergeSorted(rows.map((r) => r.hosts), byHost);
    const services = mergeSorted(rows.map((r) => r.services), byService);
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
    return {
      // The oldest data among the engines that answer: the merged data is only as current as its oldest live part.
      updated: live.length ? Math.min(...live.map((p) => p.snap.updated)) : Math.max(0, ...parts.map((p) => p.snap.updated)),
      hosts, services,
      hostgroups: mergeGroups(parts.map((p) => p.snap.hostgroups)),
      servicegroups: mergeGroups(parts.map((p) => p.snap.servicegroups)),
      comments: rows.flatMap((r) => r.comments),
      downtimes: rows.flatMap((r) => r.downtimes),
      program: { ...first.program, is_currently_running: live.length ? 1 : 0, instance_name: this.members.map((e) => e.name).join(', ') },
      stats,
    };
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
    await engine.source.submit(forEngine as ExternalCommand);
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
