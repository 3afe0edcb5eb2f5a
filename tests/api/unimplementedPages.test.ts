import { describe, expect, it } from 'vitest';
import { useTestServer } from './useTestServer.js';
import { adminClient, loginAs } from './writeGuards.js';
import { UNIMPLEMENTED } from '../../server/src/pages/unimplementedPages.js';

const { ts } = useTestServer({ admin: false });

describe('feature pages the reference server does not implement (spec 2.11, 2.13)', () => {
  it('say so plainly, name the feature and link back', async () => {
    const admin = await adminClient(ts);
    const base = new URL(ts.url).pathname;
    for (const page of UNIMPLEMENTED) {
      const res = await admin.get(page.path);
      expect(res.status, page.path).toBe(200);
      expect(res.text).toContain(`The reference server does not implement ${page.name}.`);
      expect(res.text).toContain(`<a href="${base}${page.back.path}" target="_top">${page.back.label}</a>`);
    }
  });

  it('answer a user without the permission with a notice', async () => {
    const user = await loginAs(ts, 'limited');
    const res = await user.get('includes/components/autodiscovery/index.php');
    expect(res.status).toBe(403);
    expect(res.text).toContain('You are not authorized to configure monitored objects.');
  });
});

describe('the deployment index page (spec 2.11 Monitoring Agents)', () => {
  it('is the agent deployment page, with a notice for users who may not deploy', async () => {
    expect((await (await adminClient(ts)).get('config/deployment/index.php')).text).toContain('<h1>Deploy Agent</h1>');
    expect((await (await loginAs(ts, 'nodeploy')).get('config/deployment/index.php')).status).toBe(403);
  });
});
