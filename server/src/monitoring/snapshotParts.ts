import type { HostStatus, MonitoringSnapshot, ServiceStatus } from './source.js';

type Records = Pick<MonitoringSnapshot, 'hosts' | 'services'>;

/**
 * How a merged snapshot (several engines) is made of its engines' rows: per-snapshot answers that add up (totals,
 * counts, problem lists) are computed per part and combined, so an engine whose data did not change costs nothing,
 * and one that did costs its own rows only, not every engine's.
 */
export interface SnapshotParts {
  /** Each engine's rows in merge order: the same objects, arrays included, while that engine's data does not change. */
  parts: readonly Records[];
  /** For each merged host and service, the part it comes from; a part's rows keep their order in the merged lists. */
  hostFrom: Uint16Array;
  serviceFrom: Uint16Array;
}

const registry = new WeakMap<readonly ServiceStatus[], { hosts: readonly HostStatus[]; parts: SnapshotParts }>();

/** Records that `merged` (its hosts and services arrays) is made of `parts`. */
export function registerParts(merged: Records, parts: SnapshotParts): void {
  registry.set(merged.services, { hosts: merged.hosts, parts });
}

/** The parts `records` is made of, when it is a merged snapshot's rows (or the snapshot itself). */
export function partsOf(records: Records): SnapshotParts | undefined {
  const hit = registry.get(records.services);
  return hit && hit.hosts === records.hosts ? hit.parts : undefined;
}

/** For each part, the merged position of each of its rows, from `from` (which part each merged row comes from). */
export function positionsByPart(from: Uint16Array, sizes: readonly number[]): Int32Array[] {
  const out = sizes.map((n) => new Int32Array(n));
  const next = new Int32Array(sizes.length);
  for (let i = 0; i < from.length; i++) {
    const p = from[i]!;
    out[p]![next[p]!++] = i;
  }
  return out;
}
