/**
 * The rule every monitoring source applies before replacing its data (issue 11): a new snapshot must hold (nearly) all
 * configured objects. A status file cut short at a block boundary still parses, and would otherwise make the
 * services vanish from every screen: an engine outage would look like "nothing to worry about".
 */

/** Share of the configured hosts and services a new snapshot must hold; the rest is room for a reload in progress. */
export const MIN_OBJECT_SHARE = 0.9;

export interface ObjectCounts { hosts: number; services: number }

/** Why `got` cannot replace the last good data, or null when it can. `configured` counts the object configuration. */
export function incompleteSnapshot(got: ObjectCounts, configured: ObjectCounts): string | null {
  if (configured.services > 0 && got.services === 0) return `it has no service blocks, but ${configured.services} services are configured`;
  if (configured.hosts > 0 && got.hosts === 0) return `it has no host blocks, but ${configured.hosts} hosts are configured`;
  const short = (kind: keyof ObjectCounts) => got[kind] < configured[kind] * MIN_OBJECT_SHARE;
  for (const kind of ['hosts', 'services'] as const) {
    if (short(kind)) return `it has ${got[kind]} ${kind} but ${configured[kind]} are configured (truncated?)`;
  }
  return null;
}
