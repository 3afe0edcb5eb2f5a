/**
 * Issue 38 with several engines: each object of a bulk selection gets its command from its own engine, as a detail
 * page's form sends it; the same host name on two engines is two objects, and an engine that is not answering refuses
 * only its own objects.
 */
import { describe, expect, it } from 'vitest';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import { FakeEngine, host, service } from './fakeEngines.js';
import { useTestServer } from './useTestServer.js';

const STATUS = 'includes/components/xicore/status.php';
const BULK = 'includes/components/pharos/bulkcommands.php';

const berlin = new FakeEngine('berlin', [host('web1'), host('db1', 1)], [service('web1', 'HTTP', 2), service('web1', 'Disk')]);
const paris = new FakeEngine('paris', [host('web1'), host('app1')], [service('web1', 'HTTP', 2), service('app1', 'Queue', 2)]);
const { ts, admin } = useTestServer({ monitoring: new MergedSource([berlin, paris]) });

function confirm(action: string, refs: string[], extra: Record<string, string> = {}) {
  const body = new URLSearchParams([['nsp', admin.nsp], ['action', action], ['confirm', '1'], ...refs.map((r): [string, string] => ['o', r]), ...Object.entries(extra)]);
  return admin.request('POST', BULK, {
    body: body.toString(), xsrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(ts.url).origin },
  });
}

describe('bulk commands over two engines', () => {
  it('names each row with its engine, and sends each command to the engine of its object only', async () => {
    const list = (await admin.get(`${STATUS}?show=services`)).text;
    expect(list).toContain('value="s/berlin/web1/HTTP" form="bulk-form"');
    expect(list).toContain('value="s/paris/web1/HTTP" form="bulk-form"');
    berlin.sent = [];
    paris.sent = [];
    const res = await confirm('acknowledge', ['s/berlin/web1/HTTP', 's/paris/web1/HTTP', 's/paris/app1/Queue', 'h/berlin/db1'], { comment: 'Uplink down', sticky: '1' });
    expect(res.status).toBe(200);
    const ack = (h: string, s?: string) => ({
      type: 'acknowledge', host: h, ...(s ? { service: s } : {}), comment: 'Uplink down', author: 'nagiosadmin', sticky: true, notify: false, persistent: false,
    });
    expect(berlin.sent).toEqual([ack('web1', 'HTTP'), ack('db1')]);
    expect(paris.sent).toEqual([ack('web1', 'HTTP'), ack('app1', 'Queue')]);
    expect(res.text).toContain('HTTP on web1 (berlin)');
    expect(res.text).toContain('HTTP on web1 (paris)');
  });

  it('lists the objects of an engine that is not answering as refused, naming it, and sends the others', async () => {
    berlin.sent = [];
    paris.sent = [];
    paris.answering = false;
    try {
      const res = await confirm('recheck', ['h/berlin/web1', 'h/paris/web1', 's/paris/app1/Queue']);
      expect(res.status).toBe(200);
      expect(berlin.sent).toEqual([{ type: 'schedule_check', host: 'web1', time: expect.any(Number), forced: true }]);
      expect(paris.sent).toEqual([]);
      expect(res.text).toMatch(/Submitted \(1\)/);
      expect(res.text).toMatch(/Refused \(2\)/);
      expect(res.text).toMatch(/web1 \(paris\)<\/a>: <span class="reason">Engine &#39;paris&#39; is not answering/);
      // A host named on an engine that does not have it is not found there.
      const wrong = await confirm('recheck', ['h/paris/db1']);
      expect(wrong.text).toContain('The host &#39;db1&#39; was not found.');
    } finally {
      paris.answering = true;
    }
  });
});
