import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { adminClient, expectBadRequest, expectWriteGuards, formSend, sendOk } from './writeGuards.js';
import { findFeedback, listFeedback } from '../../server/src/db/feedback.js';
import { deliverFeedback, retryDelayMs } from '../../server/src/feedbackOutbox.js';

/** Stands in for the vendor's feedback endpoint: records each request and answers with the next queued status. */
class Vendor {
  readonly received: { body: string; contentType: string | undefined }[] = [];
  statuses: number[] = [];
  private waiters: (() => void)[] = [];
  readonly server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      this.received.push({ body, contentType: req.headers['content-type'] });
      res.statusCode = this.statuses.shift() ?? 200;
      res.end('ok');
      this.waiters.splice(0).forEach((w) => w());
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/feedback`;
  }

  nextRequest(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const vendor = new Vendor();
let target: string;
beforeAll(async () => { target = await vendor.listen(); });
afterAll(async () => { await vendor.close(); });
// An hour between runs: these tests drive delivery themselves, except the one that starts its own server.
let { ts, admin } = useTestServer({ config: () => ({ feedbackUrl: target, outboxSeconds: 3600 }) });

const send = (form: Record<string, string>) => formSend('POST', 'ajaxproxy.php', form);
const valid = () => ({ name: 'Ann', email: 'not-an-address', feedback: 'Great <b>tool</b> & more', proxy_url: target, proxy_method: 'post' });
const count = async () => (await listFeedback(ts.server.ctx.store)).length;

describe('POST ajaxproxy.php', () => {
  it('queues valid feedback without sending it yet', async () => {
    const res = await sendOk(send(valid()), admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), queued: true });
    const row = (await findFeedback(ts.server.ctx.store, (res.body as { id: number }).id))!;
    expect(row).toMatchObject({ name: 'Ann', email: 'not-an-address', feedback: 'Great <b>tool</b> & more', target_url: target, attempts: 0, delivered_at: null });
    expect(vendor.received).toEqual([]);
  });

  it('accepts feedback without name or email', async () => {
    const { name: _n, email: _e, ...rest } = valid();
    expect((await sendOk(send(rest), admin)).status).toBe(200);
  });

  it('refuses missing or long feedback, foreign targets and other methods, queuing nothing', async () => {
    const before = await count();
    const bad: Record<string, string>[] = [
      { ...valid(), feedback: '' }, { ...valid(), feedback: '   ' }, { ...valid(), feedback: 'x'.repeat(10_001) },
      { ...valid(), proxy_url: 'https://evil.example/collect' }, { ...valid(), proxy_url: `${target}/../admin` }, { ...valid(), proxy_url: '' },
      { ...valid(), proxy_method: 'get' }, { ...valid(), proxy_method: '' }, { ...valid(), name: 'n'.repeat(201) },
    ];
    for (const form of bad) expectBadRequest(await sendOk(send(form), admin));
    expect(await count()).toBe(before);
  });

  it('guards the write', async () => {
    const before = await count();
    await expectWriteGuards(ts, admin, send(valid()));
    expect(await count()).toBe(before);
  });

  it('keeps queued feedback across a restart', async () => {
    const id = ((await sendOk(send(valid()), admin)).body as { id: number }).id;
    ts = await ts.restart();
    admin = await adminClient(ts);
    expect(await findFeedback(ts.server.ctx.store, id)).toMatchObject({ delivered_at: null, feedback: valid().feedback });
  });
});

describe('outbox delivery', () => {
  it('posts due entries to the vendor and marks them delivered', async () => {
    const store = ts.server.ctx.store;
    const pending = (await listFeedback(store)).filter((r) => r.delivered_at === null).length;
    const result = await deliverFeedback(store);
    expect(result).toEqual({ delivered: pending, failed: 0 });
    expect(vendor.received).toHaveLength(pending);
    const first = new URLSearchParams(vendor.received[0]!.body);
    expect(vendor.received[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect([first.get('name'), first.get('email'), first.get('feedback')]).toEqual(['Ann', 'not-an-address', 'Great <b>tool</b> & more']);
    expect((await listFeedback(store)).every((r) => r.delivered_at !== null && r.attempts === 1 && r.last_error === null)).toBe(true);
    expect(await deliverFeedback(store)).toEqual({ delivered: 0, failed: 0 });
  });

  it('records failures and retries with a capped exponential backoff', async () => {
    const store = ts.server.ctx.store;
    const id = ((await sendOk(send(valid()), admin)).body as { id: number }).id;
    let now = Date.now();
    vendor.statuses = [500, 503];
    expect(await deliverFeedback(store, { now: () => now })).toEqual({ delivered: 0, failed: 1 });
    expect(await findFeedback(store, id)).toMatchObject({ attempts: 1, last_error: 'HTTP 500', next_attempt_at: now + 60_000, delivered_at: null });
    expect(await deliverFeedback(store, { now: () => now + 59_000 })).toEqual({ delivered: 0, failed: 0 });
    now += 60_000;
    expect(await deliverFeedback(store, { now: () => now })).toEqual({ delivered: 0, failed: 1 });
    expect(await findFeedback(store, id)).toMatchObject({ attempts: 2, last_error: 'HTTP 503', next_attempt_at: now + 120_000 });
    now += 120_000;
    expect(await deliverFeedback(store, { now: () => now })).toEqual({ delivered: 1, failed: 0 });
    expect(await findFeedback(store, id)).toMatchObject({ attempts: 3, last_error: null, delivered_at: now });
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(6 * 3600_000);
  });

  it('records an unreachable vendor as a failed attempt', async () => {
    const store = ts.server.ctx.store;
    const closed = new Vendor();
    const deadUrl = await closed.listen();
    await closed.close();
    const other = await startTestServer({ feedbackUrl: deadUrl, outboxSeconds: 3600 });
    try {
      const c = await adminClient(other);
      const id = ((await sendOk(send({ ...valid(), proxy_url: deadUrl }), c)).body as { id: number }).id;
      expect(await deliverFeedback(other.server.ctx.store)).toEqual({ delivered: 0, failed: 1 });
      expect((await findFeedback(other.server.ctx.store, id))?.last_error).toBeTruthy();
    } finally {
      await other.close();
    }
    expect((await listFeedback(store)).every((r) => r.delivered_at !== null)).toBe(true);
  });

  it('is run by the housekeeping worker on its interval', async () => {
    const worker = await startTestServer({ feedbackUrl: target, outboxSeconds: 1 });
    try {
      const c = await adminClient(worker);
      const arrived = vendor.nextRequest();
      const id = ((await sendOk(send({ ...valid(), feedback: 'from the worker' }), c)).body as { id: number }).id;
      await arrived;
      expect(new URLSearchParams(vendor.received.at(-1)!.body).get('feedback')).toBe('from the worker');
      await expect.poll(async () => (await findFeedback(worker.server.ctx.store, id))?.delivered_at).not.toBeNull();
    } finally {
      await worker.close();
    }
  });
});
