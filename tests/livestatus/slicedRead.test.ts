/**
 * Large Livestatus answers are parsed in slices, and rows that come back byte for byte are not parsed again (issue 21,
 * three-engine capacity): the result and every failure must be exactly those of parsing the answer whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseRows, readRows, type ReadAnswer, type RowReader } from '../../server/src/monitoring/livestatus/client.js';
import { LivestatusError } from '../../server/src/monitoring/livestatus/errors.js';
import { openLivestatusSource, type LivestatusSource } from '../../server/src/monitoring/livestatus/livestatusSource.js';
import { generatedPeer } from './generatedPeer.js';
import type { FakePeer } from './fakePeer.js';

const WHERE = '127.0.0.1:6558';

/** About 2.5 MB of rows, with strings holding brackets, quotes and escapes that a scanner could trip over. */
function bigRows(n = 12_000, tweak = -1): unknown[][] {
  return Array.from({ length: n }, (_, i) => [
    `host-${i}`, i === tweak ? 2 : i % 4, `out [${i}] "quoted" \\ back\\slash ]]} {{`, [`g-${i % 7}`, 'x'], i * 1.5, null, true, 'é ü 日本',
    `${'padding '.repeat(20)}${i}`,
  ]);
}

const rows = (body: Buffer, previous?: ReadAnswer<unknown[]>, keep?: (a: ReadAnswer<unknown[]>) => void) =>
  readRows(body, 'services', WHERE, { check: () => undefined, read: (row) => row, previous, keep } satisfies RowReader<unknown[]>);

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return err instanceof LivestatusError ? `${err.code}: ${err.reason}` : `other: ${(err as Error).message}`;
  }
  return 'no failure';
}

function wholeFailure(body: Buffer): string {
  try {
    parseRows(body, 'services', WHERE);
  } catch (err) {
    return `${(err as LivestatusError).code}: ${(err as LivestatusError).reason}`;
  }
  return 'no failure';
}

describe('a large answer read in slices', () => {
  it('reads the same rows as a parse of the whole answer, with spaces and line breaks between rows too', async () => {
    const data = bigRows();
    const compact = Buffer.from(JSON.stringify(data));
    expect(compact.length).toBeGreaterThan(1024 * 1024);
    expect(await rows(compact)).toEqual(data);
    const spaced = Buffer.from(` [\n${data.map((r) => JSON.stringify(r)).join(' ,\n ')}\n] \n`);
    expect(await rows(spaced)).toEqual(data);
    expect(await rows(Buffer.from(`[]${' '.repeat(1024 * 1024)}`))).toEqual([]);
  });

  it('fails exactly as a parse of the whole answer: broken JSON, a row that is not a list, trailing bytes', async () => {
    const text = JSON.stringify(bigRows());
    const cases = [
      text.slice(0, -10),
      `${text.slice(0, text.length / 2)}x${text.slice(text.length / 2)}`,
      `[42,${text.slice(1)}`,
      `${text.slice(0, -1)},{"a":1}]`,
      `${text} trailing`,
      `${text.slice(0, text.length / 3)}]]${text.slice(text.length / 3)}`,
    ];
    for (const body of cases.map((c) => Buffer.from(c))) {
      expect(body.length).toBeGreaterThan(1024 * 1024);
      expect(await failureOf(rows(body))).toBe(wholeFailure(body));
    }
  });

  it('takes rows that come back byte for byte from the last answer, and reads the changed ones', async () => {
    const first = Buffer.from(JSON.stringify(bigRows()));
    let kept: ReadAnswer<unknown[]> | undefined;
    const before = await rows(first, undefined, (a) => { kept = a; });
    expect(kept?.results).toBe(before);
    const changed = bigRows(12_000, 5000);
    const after = await rows(Buffer.from(JSON.stringify(changed)), kept);
    expect(after).toEqual(changed);
    expect(after[4999]).toBe(before[4999]);
    expect(after[5000]).not.toBe(before[5000]);
    // A row inserted at the front shifts every row: nothing is taken by mistake.
    const shifted = [['new', 0, '', [], 0, null, false, '', ''], ...bigRows()];
    expect(await rows(Buffer.from(JSON.stringify(shifted)), kept)).toEqual(shifted);
  });
});

describe('a Livestatus source over a large fleet', () => {
  let peer: FakePeer | undefined;
  const sources: LivestatusSource[] = [];
  afterEach(async () => {
    for (const s of sources.splice(0)) await s.stop();
    await peer?.close();
  });

  const open = async (address: string) => {
    // The fake peer keeps a command's connection open, as Icinga does: a short wait for it to take the command.
    const source = openLivestatusSource(address, { name: 'ls', tagRows: true, pollMs: 3_600_000, staleAfterMs: 3_600_000, connectTimeoutMs: 300 });
    sources.push(source);
    await source.start();
    return source;
  };

  it('polls the same data as a fresh source after changes, keeping the objects of what did not change', async () => {
    peer = await generatedPeer({ hosts: 1500, servicesPerHost: 10 });
    const polling = await open(peer.address);
    const unchanged = polling.snapshot();
    await polling.refresh();
    // Nothing changed: the very same lists, so per-snapshot answers kept on them stay valid.
    expect(polling.snapshot().services).toBe(unchanged.services);
    expect(polling.snapshot().hosts).toBe(unchanged.hosts);
    // The groups too: with several engines, new group lists meant merging every engine's members again.
    expect(polling.snapshot().hostgroups).toBe(unchanged.hostgroups);
    expect(polling.snapshot().hostgroups.length).toBeGreaterThan(0);
    for (const [i, state] of [[77, 2], [9000, 1], [77, 0]] as const) {
      const before = polling.snapshot();
      const svc = before.services[i]!;
      await polling.submit({ type: 'process_check_result', host: svc.host_name, service: svc.service_description, state, output: `forced ${state}` });
      await polling.refresh();
      const after = polling.snapshot();
      const fresh = (await open(peer.address)).snapshot();
      expect(after.services).toEqual(fresh.services);
      expect(after.hosts).toEqual(fresh.hosts);
      expect(after.hostgroups).toEqual(fresh.hostgroups);
      expect(after.services[i]).toMatchObject({ current_state: state, output: `forced ${state}`, engine: 'ls' });
      expect(after.services.filter((s, j) => s !== before.services[j])).toHaveLength(1);
    }
  }, 60_000);
});
