import { afterEach, describe, expect, it } from 'vitest';
import { LivestatusClient } from '../../server/src/monitoring/livestatus/client.js';
import { LivestatusError, type LivestatusErrorCode } from '../../server/src/monitoring/livestatus/errors.js';
import { answer, fakePeer, json, unresponsivePort, type FakePeer, type OnRequest } from './fakePeer.js';

let peer: FakePeer | null = null;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await peer?.close();
  peer = null;
  for (const close of closers.splice(0)) await close();
});

async function serve(onRequest: OnRequest, options: { unix?: boolean } = {}): Promise<FakePeer> {
  peer = await fakePeer(onRequest, options);
  return peer;
}

/** The error a promise rejects with, and how long that took. */
async function failure(promise: Promise<unknown>): Promise<{ error: LivestatusError; ms: number }> {
  const start = Date.now();
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof LivestatusError)) throw error;
    return { error, ms: Date.now() - start };
  }
  throw new Error('expected the promise to reject');
}

async function expectFailure(promise: Promise<unknown>, code: LivestatusErrorCode, reason: RegExp): Promise<{ error: LivestatusError; ms: number }> {
  const got = await failure(promise);
  expect(got.error.code).toBe(code);
  expect(got.error.reason).toMatch(reason);
  return got;
}

const HOSTS = [['web1', 0], ['db1', 2]];

describe('Livestatus client: happy paths', () => {
  it('sends GET with Columns, Filter, Stats and Limit, always JSON with a fixed16 header, and parses the rows', async () => {
    const p = await serve((socket) => socket.write(json(HOSTS)));
    const client = new LivestatusClient(p.address);
    const rows = await client.query({ table: 'hosts', columns: ['name', 'state'], filters: ['state = 2', 'name ~ db', { or: 2 }, { negate: true }], limit: 10 });
    expect(rows).toEqual(HOSTS);
    expect(p.requests[0]).toBe('GET hosts\nColumns: name state\nFilter: state = 2\nFilter: name ~ db\nOr: 2\nNegate:\nLimit: 10\nOutputFormat: json\nResponseHeader: fixed16\nKeepAlive: on');
  });

  it('sends Stats lines and returns the counts row', async () => {
    const p = await serve((socket) => socket.write(json([[7, 2]])));
    const rows = await new LivestatusClient(p.address).query({ table: 'services', stats: ['state >= 0', 'state = 2', 'acknowledged = 0', { and: 2 }] });
    expect(rows).toEqual([[7, 2]]);
    expect(p.requests[0]).toContain('Stats: state >= 0\nStats: state = 2\nStats: acknowledged = 0\nStatsAnd: 2\n');
  });

  it('talks over a unix socket', async () => {
    const p = await serve((socket) => socket.write(json([['x']])), { unix: true });
    expect(p.address.startsWith('/')).toBe(true);
    expect(await new LivestatusClient(p.address).query({ table: 'status', columns: ['program_version'] })).toEqual([['x']]);
  });

  it('pipelines the queries of a session on one connection and matches answers in order, however they are split', async () => {
    const p = await serve((socket, request) => {
      const table = /^GET (\w+)/.exec(request)?.[1] ?? '';
      const bytes = json([[table]]);
      // Byte by byte for one table, glued to the next answer for the others.
      if (table === 'hosts') for (const b of bytes) socket.write(Buffer.from([b]));
      else socket.write(bytes);
    });
    const client = new LivestatusClient(p.address);
    const tables = ['status', 'hosts', 'services', 'comments'];
    const results = await client.session((run) => Promise.all(tables.map((table) => run({ table, columns: ['name'] }))));
    expect(results).toEqual(tables.map((t) => [[t]]));
    expect(p.connections()).toBe(1);
    expect(p.requests.every((r) => r.includes('KeepAlive: on'))).toBe(true);
  });

  it('reports an error status with the first line of its body', async () => {
    const p = await serve((socket) => socket.write(answer("Error: Column 'nosuch' does not exist in table 'services'.\n\nStacktrace:\n 0# __cxa_throw", 452)));
    const { error } = await expectFailure(new LivestatusClient(p.address).query({ table: 'services', columns: ['nosuch'] }), 'status', /^GET services failed with status 452: Error: Column 'nosuch' does not exist/);
    expect(error.status).toBe(452);
    expect(error.message).toContain(`Livestatus at ${p.address}: `);
    expect(error.reason).not.toContain('Stacktrace');
  });

  it('sends a COMMAND line with a blank line after it, and closes even when the peer keeps the connection open', async () => {
    const p = await serve(() => undefined);
    const client = new LivestatusClient(p.address, { connectTimeoutMs: 300 });
    await client.command('[1700000000] ACKNOWLEDGE_SVC_PROBLEM;web1;payments;2;1;1;alice;on it');
    await expect.poll(() => p.requests).toEqual(['COMMAND [1700000000] ACKNOWLEDGE_SVC_PROBLEM;web1;payments;2;1;1;alice;on it']);
  });

  it('refuses queries and commands that would smuggle in another header or request, before connecting', async () => {
    const p = await serve((socket) => socket.write(json([])));
    const client = new LivestatusClient(p.address);
    await expectFailure(client.query({ table: 'hosts', filters: ['state = 0\nCOMMAND [1] SHUTDOWN_PROGRAM'] }), 'bad_query', /invalid Filter expression/);
    await expectFailure(client.query({ table: 'hosts; drop' }), 'bad_query', /invalid table name/);
    await expectFailure(client.query({ table: 'hosts', columns: ['name state'] }), 'bad_query', /invalid column name/);
    await expectFailure(client.command('[1] ADD_HOST_COMMENT;web1;1;a;b\n\nCOMMAND [1] SHUTDOWN_PROGRAM'), 'bad_query', /invalid command/);
    await expectFailure(client.command('SHUTDOWN_PROGRAM'), 'bad_query', /invalid command/);
    expect(p.requests.filter((r) => /SHUTDOWN|drop/.test(r))).toEqual([]);
  });
});

describe('Livestatus client: broken and hostile peers', () => {
  it('nothing listening: connection refused, with what to check', async () => {
    const p = await serve(() => undefined);
    const address = p.address;
    await p.close();
    peer = null;
    await expectFailure(new LivestatusClient(address).query({ table: 'status' }), 'connect', /connection refused: nothing listens on that port \(is the engine running, with Livestatus enabled\?\)/);
  });

  it('a missing unix socket says so', async () => {
    await expectFailure(new LivestatusClient('/nonexistent/pharos/live').query({ table: 'status' }), 'connect', /socket file does not exist/);
  });

  it('a connect that never completes times out', async () => {
    const port = await unresponsivePort();
    closers.push(port.close);
    const { ms } = await expectFailure(new LivestatusClient(port.address, { connectTimeoutMs: 300 }).query({ table: 'status' }), 'connect_timeout', /no connection within 0\.3 s/);
    expect(ms).toBeLessThan(2000);
  });

  it('a peer that accepts but never answers times out', async () => {
    const p = await serve(() => undefined);
    const { ms } = await expectFailure(new LivestatusClient(p.address, { queryTimeoutMs: 300 }).query({ table: 'status' }), 'timeout', /no complete answer within 0\.3 s \(nothing received\): the engine is frozen or overloaded/);
    expect(ms).toBeLessThan(2000);
  });

  it('a slow drip of one byte a second times out, saying how far it got', async () => {
    const timers: NodeJS.Timeout[] = [];
    const p = await serve((socket) => {
      const bytes = json([['a'.repeat(90)]]);
      socket.write(bytes.subarray(0, 16));
      let i = 16;
      timers.push(setInterval(() => {
        if (!socket.destroyed && i < bytes.length) socket.write(bytes.subarray(i, ++i));
      }, 1000));
    });
    closers.push(async () => timers.forEach(clearInterval));
    const { ms } = await expectFailure(new LivestatusClient(p.address, { queryTimeoutMs: 2500 }).query({ table: 'status' }), 'timeout', /no complete answer within 2\.5 s \([12] bytes of 9\d bytes received\)/);
    expect(ms).toBeGreaterThanOrEqual(2400);
    expect(ms).toBeLessThan(4000);
  });

  it('an absent header fails at once, without waiting for the timeout', async () => {
    const p = await serve((socket) => socket.write('[["web1",0]]'));
    const { ms } = await expectFailure(new LivestatusClient(p.address, { queryTimeoutMs: 5000 }).query({ table: 'hosts' }), 'bad_header', /does not start with a Livestatus header \(got "\[\[\\"web1\\",0\]\]"\): is this a Livestatus port, and does it support ResponseHeader: fixed16\?/);
    expect(ms).toBeLessThan(1000);
  });

  it('a wrong header (another protocol, or a malformed length) fails', async () => {
    const p = await serve((socket) => socket.write('HTTP/1.1 400 Bad Request\r\n\r\n'));
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'bad_header', /"HTTP\/1\.1 400 Bad"/);
    p.handle((socket) => socket.write('200 12 34      \n[]'));
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'bad_header', /does not start with a Livestatus header/);
    p.handle((socket) => socket.write('200          2\r[]'));
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'bad_header', /does not start with a Livestatus header/);
  });

  it('a length of gigabytes fails at the header, before any body is read', async () => {
    const p = await serve((socket) => socket.write(`200 ${'5000000000'.padStart(11)}\n[[`));
    const { ms } = await expectFailure(new LivestatusClient(p.address, { queryTimeoutMs: 5000 }).query({ table: 'services' }), 'too_large', /announced an answer of 4\.7 GiB, more than the limit of 64\.0 MiB/);
    expect(ms).toBeLessThan(1000);
  });

  it('the answer cap is configurable', async () => {
    const p = await serve((socket) => socket.write(json([['x'.repeat(2000)]])));
    await expectFailure(new LivestatusClient(p.address, { maxAnswerBytes: 1024 }).query({ table: 'hosts' }), 'too_large', /more than the limit of 1\.0 KiB \(raise maxAnswerBytes/);
    expect(await new LivestatusClient(p.address, { maxAnswerBytes: 4096 }).query({ table: 'hosts' })).toHaveLength(1);
  });

  it('invalid JSON, or JSON that is not a list of rows, fails', async () => {
    const p = await serve((socket) => socket.write(answer('[["web1",0],')));
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'bad_json', /the answer to GET hosts is not valid JSON/);
    p.handle((socket) => socket.write(answer('{"hosts":[]}')));
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'bad_json', /is not a JSON list of rows/);
    p.handle((socket) => socket.write(answer('[["web1"],"db1"]')));
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'bad_json', /row 2 of the answer to GET hosts is not a list/);
  });

  it('a reset connection fails with a reset', async () => {
    const p = await serve((socket) => {
      socket.write(answer('[["web1",0]]').subarray(0, 20));
      setTimeout(() => socket.resetAndDestroy(), 20);
    });
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'reset', /the peer reset the connection \(ECONNRESET\)/);
  });

  it('a peer closing before or in the middle of the answer says which', async () => {
    const p = await serve((socket) => socket.end());
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'closed', /closed the connection without answering \(is this a Livestatus port\?\)/);
    p.handle((socket) => socket.end(answer('[["web1",0]]').subarray(0, 22)));
    await expectFailure(new LivestatusClient(p.address).query({ table: 'hosts' }), 'closed', /in the middle of the answer \(6 bytes of 12 bytes received\)/);
  });

  it('bytes beyond what a header announced are never taken for the next answer', async () => {
    const p = await serve((socket, _request, i) => socket.write(i === 0 ? Buffer.concat([json([['web1']]), Buffer.from('garbage')]) : json([['db1']])));
    const client = new LivestatusClient(p.address);
    const [first, second] = await client.session((run) => Promise.allSettled([run({ table: 'hosts' }), run({ table: 'hosts' })]));
    expect(first).toEqual({ status: 'fulfilled', value: [['web1']] });
    expect(second.status).toBe('rejected');
    const error = (second as PromiseRejectedResult).reason as LivestatusError;
    expect(error.code).toBe('bad_header');
    expect(error.reason).toMatch(/does not start with a Livestatus header \(got "garbage/);
  });

  it('bytes nobody asked for fail the connection', async () => {
    const p = await serve((socket) => socket.write(Buffer.concat([json([['web1']]), Buffer.from('garbage')])));
    const client = new LivestatusClient(p.address);
    const late = await client.session(async (run) => {
      await run({ table: 'hosts' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return failure(run({ table: 'hosts' }));
    });
    expect(late.error.code).toBe('bad_header');
    expect(late.error.reason).toMatch(/sent 7 bytes more than its headers announced/);
  });

  it('a cancelled session fails with aborted and frees the connection', async () => {
    const p = await serve(() => undefined);
    const controller = new AbortController();
    const pending = new LivestatusClient(p.address).query({ table: 'hosts' }, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expectFailure(pending, 'aborted', /cancelled/);
  });

  it('keeps the process responsive while a peer drips (the event loop is never blocked)', async () => {
    const p = await serve((socket) => socket.write('200'));
    const client = new LivestatusClient(p.address, { queryTimeoutMs: 600 });
    const pending = failure(client.query({ table: 'hosts' }));
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 50);
    const { error } = await pending;
    clearInterval(timer);
    expect(error.code).toBe('timeout');
    expect(ticks.length).toBeGreaterThanOrEqual(8);
  });
});

describe('Livestatus client: addresses', () => {
  it('rejects malformed addresses with the expected forms', () => {
    for (const bad of ['', 'localhost', 'host:0', 'host:70000', 'host:port', 'relative/path', 'a b:1']) {
      expect(() => new LivestatusClient(bad), bad).toThrow(/expected host:port \(for example 127\.0\.0\.1:6558\) or the absolute path of a unix socket/);
    }
    expect(new LivestatusClient('[::1]:6558').where).toBe('[::1]:6558');
    expect(new LivestatusClient(' 127.0.0.1:6558 ').where).toBe('127.0.0.1:6558');
    expect(new LivestatusClient('/run/icinga2/cmd/livestatus').address).toEqual({ kind: 'unix', path: '/run/icinga2/cmd/livestatus' });
  });

});
