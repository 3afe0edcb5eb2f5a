/**
 * A hostile or broken Livestatus peer among several engines (issue 21): two demo engines and one Livestatus engine
 * whose fake peer answers well, then misbehaves (a wrong header, a length of gigabytes, invalid JSON, a slow drip of
 * one byte a second, a reset). Only that engine is marked failing, with a reason an operator can act on; the other
 * engines' rows keep answering, its own last rows stay, and the server stays responsive throughout.
 */
import type net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import { livestatusEngine, openEngine } from '../../server/src/monitoring/engines/openEngine.js';
import { createLivestatusSource, type LivestatusSource } from '../../server/src/monitoring/livestatus/livestatusSource.js';
import type { HostStatus } from '../../server/src/monitoring/source.js';
import type { SystemStatus } from '../../src/lib/apiTypes.js';
import { useTestServer } from '../api/useTestServer.js';
import { answer, fakePeer, json, type FakePeer, type OnRequest } from './fakePeer.js';
import { generatedAnswers } from './generatedPeer.js';
import { Writable } from 'node:stream';
import { createLogger, setLog } from '../../server/src/log.js';

const FLEET = { hosts: 3, servicesPerHost: 4 };
const DEMO = { demoHosts: 5, demoServicesPerHost: 2, demoTickSeconds: 3600 };
/** Polls only when the test says so (refresh), and stays within its staleness limit: failing, not stale. */
const HOUR = 3_600_000;
const QUERY_TIMEOUT_MS = 1500;
const good = generatedAnswers(FLEET);

let peer: FakePeer;
let paris: LivestatusSource;
/** What the server's log said (its messages), as a log shipper would read the JSON lines. */
const said: string[] = [];
const drips: NodeJS.Timeout[] = [];
const dripping = new WeakSet<net.Socket>();

/**
 * The header of a small answer at once, then its body one byte a second: it never completes within the query
 * timeout. Once per connection (the poll's other queries, pipelined behind it, get nothing).
 */
const drip: OnRequest = (socket) => {
  if (dripping.has(socket)) return;
  dripping.add(socket);
  const bytes = json([['a'.repeat(200)]]);
  socket.write(bytes.subarray(0, 16));
  let i = 16;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= bytes.length) clearInterval(timer);
    else socket.write(bytes.subarray(i, ++i));
  }, 1000);
  socket.once('close', () => clearInterval(timer));
  drips.push(timer);
};

const AT = String.raw`Engine 'paris' \(Livestatus at 127\.0\.0\.1:\d+\)`;
const HOSTILE: { what: string; misbehave: OnRequest; reason: RegExp }[] = [
  {
    what: 'a wrong header (another protocol on the port)',
    misbehave: (socket) => socket.write('HTTP/1.1 400 Bad Request\r\n\r\n'),
    reason: new RegExp(`^${AT} sent an answer Pharos cannot use: the answer does not start with a Livestatus header \\(got "HTTP/1\\.1 400 Bad.*\\): is this a Livestatus port, and does it support ResponseHeader: fixed16\\?`),
  },
  {
    what: 'a length of gigabytes',
    misbehave: (socket) => socket.write(`200 ${'5000000000'.padStart(11)}\n[[`),
    reason: new RegExp(`^${AT} sent an answer Pharos cannot use: the peer announced an answer of 4\\.7 GiB, more than the limit of 64\\.0 MiB`),
  },
  {
    what: 'invalid JSON',
    misbehave: (socket) => socket.write(answer('[["web1",0],')),
    reason: new RegExp(`^${AT} sent an answer Pharos cannot use: the answer to GET \\w+ is not valid JSON`),
  },
  {
    what: 'a slow drip of one byte a second',
    misbehave: drip,
    reason: new RegExp(`^${AT} is not answering: no complete answer within 1\\.5 s \\(.*received\\): the engine is frozen or overloaded`),
  },
  {
    what: 'a reset connection',
    misbehave: (socket) => socket.resetAndDestroy(),
    reason: new RegExp(`^${AT} is not answering: the peer reset the connection \\(ECONNRESET\\)`),
  },
];

beforeAll(async () => {
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { said.push(...chunk.toString().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { msg: string }).msg)); done(); } });
  setLog(createLogger({ stream, level: 'warn' }));
  peer = await fakePeer(good);
  paris = createLivestatusSource(peer.address, { name: 'paris', queryTimeoutMs: QUERY_TIMEOUT_MS, pollMs: HOUR, retryMs: HOUR, maxRetryMs: HOUR, staleAfterMs: HOUR });
});
afterAll(async () => {
  await peer?.close();
  setLog(createLogger({ level: 'warn' }));
});
const { admin } = useTestServer({
  monitoring: () => {
    const demo = (name: string) => openEngine({ name, type: 'demo' }, DEMO);
    return new MergedSource([demo('lab-a'), demo('lab-b'), livestatusEngine('paris', paris)]);
  },
});
afterEach(() => {
  for (const timer of drips.splice(0)) clearInterval(timer);
});

const engines = async () => (await admin.get<SystemStatus>('api/v2/status/system')).body.monitoring?.engines ?? [];
const hostsOf = async (engine: string) => (await admin.get<{ hoststatus: HostStatus[] }>(`api/v2/status/host?engine=${engine}`)).body.hoststatus;

/** Requests the API over and over while `work` runs; the slowest answer, in ms, and how many there were. */
async function slowestWhile(work: Promise<void>): Promise<{ slowest: number; requests: number }> {
  let done = false;
  void work.finally(() => { done = true; });
  let slowest = 0;
  let requests = 0;
  do {
    const t0 = performance.now();
    const res = await admin.get('includes/components/xicore/status.php?show=services&engine=lab-b');
    expect(res.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - t0);
    requests++;
  } while (!done);
  await work;
  return { slowest, requests };
}

describe('a hostile Livestatus peer beside two demo engines', () => {
  it.each(HOSTILE)('$what: only that engine fails, with a reason to act on; the others answer and the server stays responsive', async ({ misbehave, reason }) => {
    peer.handle(good);
    await paris.refresh();
    expect((await engines()).map((e) => `${e.name}:${e.state}`)).toEqual(['lab-a:ok', 'lab-b:ok', 'paris:ok']);

    peer.handle(misbehave);
    const { slowest, requests } = await slowestWhile(paris.refresh());
    expect(requests).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);

    const status = await engines();
    expect(status.map((e) => `${e.name}:${e.state}`)).toEqual(['lab-a:ok', 'lab-b:ok', 'paris:failing']);
    const failing = status.find((e) => e.name === 'paris')!;
    expect(failing.reason).toMatch(reason);
    // Printable: the peer's bytes are quoted, never copied into pages and logs as they came.
    expect([...failing.reason!].every((c) => c >= ' ')).toBe(true);
    expect(said).toContain(`Monitoring data: ${failing.reason!}`);
    // The other engines' rows answer, live; the failing engine keeps its last rows, still within its limit.
    for (const name of ['lab-a', 'lab-b']) {
      const hosts = await hostsOf(name);
      expect(hosts).toHaveLength(DEMO.demoHosts);
      expect(hosts.every((h) => h.engine === name && h.stale === undefined)).toBe(true);
    }
    expect((await hostsOf('paris')).map((h) => h.host_name)).toEqual(['ls-host-00001', 'ls-host-00002', 'ls-host-00003']);
    const problem = (await admin.get<SystemStatus>('api/v2/status/system')).body.monitoring?.problem;
    expect(problem).toContain(`paris: ${failing.reason!}`);
  });

  it('recovers by itself once the peer answers properly again', async () => {
    peer.handle(HOSTILE[2]!.misbehave);
    await paris.refresh();
    expect((await engines()).find((e) => e.name === 'paris')?.state).toBe('failing');
    peer.handle(good);
    await paris.refresh();
    expect((await engines()).map((e) => [e.name, e.state, e.reason])).toEqual([['lab-a', 'ok', null], ['lab-b', 'ok', null], ['paris', 'ok', null]]);
    expect((await admin.get<SystemStatus>('api/v2/status/system')).body.monitoring?.problem).toBeNull();
  });
});
