import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/processes.js';
import { prepareSite, PROXY_UNAVAILABLE, SITE_CONFIG, startNginx, testSite } from '../support/nginx.js';

/**
 * Issue 36: the nginx configuration users copy (deploy/nginx/pharos.conf, shown in docs/scaling.md) loads in the nginx
 * they have, Debian 12's 1.22 (`http2 on;` needs 1.25.1), and answers for Pharos when no process can.
 */
const root = path.resolve(import.meta.dirname, '..', '..');

interface Answer { status: number; type: string; retryAfter: unknown; body: string }

function request(session: http2.ClientHttp2Session, method: string, where: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request({ ':method': method, ':path': where, ...headers });
    let head: http2.IncomingHttpHeaders = {};
    let body = '';
    req.setEncoding('utf8');
    req.on('response', (h) => { head = h; });
    req.on('data', (chunk: string) => { body += chunk; });
    req.on('end', () => resolve({ status: Number(head[':status']), type: String(head['content-type']), retryAfter: head['retry-after'], body }));
    req.on('error', reject);
    req.end();
  });
}

describe('the documented nginx configuration (issue 36)', () => {
  it('loads in Debian\'s nginx (nginx -t), TLS and HTTP/2 included', async () => {
    const site = await prepareSite(['127.0.0.1:8081', '127.0.0.1:8082', '127.0.0.1:8083'], { tls: true });
    try {
      await testSite(site);
    } finally {
      site.remove();
    }
  });

  it('is the text docs/scaling.md shows, and docs/operations.md\'s one-process upstream is its upstream', () => {
    const text = fs.readFileSync(SITE_CONFIG, 'utf8');
    expect(fs.readFileSync(path.join(root, 'docs', 'scaling.md'), 'utf8')).toContain(`\`\`\`nginx\n${text}\`\`\`\n`);
    const operations = /```nginx\n([^`]*)```/.exec(fs.readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8'))![1]!;
    const lines = text.split('\n');
    expect(operations.replace('127.0.0.1:8080', '127.0.0.1:8081').split('\n').filter((l) => !lines.includes(l))).toEqual([]);
  });

  it('with no process to answer, nginx answers over HTTP/2 as Pharos would: JSON for API calls, a page marked unavailable for pages', async () => {
    // A port nothing listens on: every process refuses the connection.
    const nginx = await startNginx([`127.0.0.1:${await freePort()}`], { tls: true });
    const session = http2.connect(nginx.origin, { ca: nginx.certificate });
    try {
      const json = { status: 503, type: 'application/json', retryAfter: '5', body: JSON.stringify({ message: PROXY_UNAVAILABLE }) };
      expect(await request(session, 'GET', '/nagiosxi/api/v2/account/auth')).toEqual(json);
      expect(await request(session, 'POST', '/nagiosxi/login.php')).toEqual(json);
      expect(await request(session, 'GET', '/nagiosxi/ajaxhelper.php?cmd=getxicoreajax')).toEqual(json);
      expect(await request(session, 'GET', '/nagiosxi/health', { accept: 'application/json' })).toEqual(json);

      // A page in a frame: marked, so the app counts it as a failed load and loads it again itself.
      const inFrame = await request(session, 'GET', '/nagiosxi/includes/page-home-main.php', { accept: 'text/html', 'sec-fetch-dest': 'iframe' });
      expect(inFrame).toMatchObject({ status: 503, type: 'text/html', retryAfter: '5' });
      expect(inFrame.body).toContain('<meta name="pharos-unavailable" content="gateway">');
      expect(inFrame.body).not.toContain('http-equiv="refresh"');
      // The whole window (a first visit, without the app's worker): it loads itself again.
      const window = await request(session, 'GET', '/nagiosxi/', { accept: 'text/html', 'sec-fetch-dest': 'document' });
      expect(window).toMatchObject({ status: 503, type: 'text/html', retryAfter: '5' });
      expect(window.body).toContain('<meta http-equiv="refresh" content="5">');
    } finally {
      session.close();
      await nginx.stop();
    }
  });
});
