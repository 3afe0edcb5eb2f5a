import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestAppContext, TestProviders } from '../app/TestProviders.test-utils';
import { createLoginAlertSources } from '../features/loginNotices/sources';
import { LoginNotices } from './LoginNotices';
import { standInDialogMethods } from '../ui/dialogStandIns.test-utils';

standInDialogMethods();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Server { seen: boolean; show: number; hosts: number }

/** The reference server's answers for one user session; records every request as path?query. */
function serve(state: Server) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(input, 'http://app.test');
    const path = url.pathname.replace(/^\//, '');
    const q = url.searchParams;
    requests.push(`${path}?${q.toString()}`);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === 'api/v2/account/auth') return json({ nsp: 'token', username: 'jdoe', isAdmin: false, isAuthorizedForMonitoringSystem: false });
    if (path === 'ajaxhelper.php') {
      const cmd = q.get('cmd');
      if (cmd === 'getsessionvars') return json({ has_seen_login_alerts: state.seen ? 1 : null });
      if (cmd === 'setsessionvars') { state.seen = true; return json({ has_seen_login_alerts: 1 }); }
      if (cmd === 'getusermeta') return json(state.show);
      if (cmd === 'setusermeta') { state.show = (JSON.parse(q.get('opts')!) as { keyvalue: number }).keyvalue; return json({}); }
    }
    if (path === 'api/v2/status/host') return json({ recordcount: state.hosts });
    if (path === 'api/v2/status/service') return json({ recordcount: 0 });
    if (path === 'api/v2/status/ip') return json({ could_not_resolve: false, mismatch_found: false, internal_url: 'http://127.0.0.1/', resolved_ip: '127.0.0.1' });
    if (path === 'api/v2/product/update') return json({ update_url: '', recordcount: 0, hide_updates: false, lastUpdateCheckSucceeded: true, latest_version: '0.1.0' });
    return new Response('{"message":"Not found."}', { status: 404 });
  }));
  return requests;
}

/** A fresh page load: a new composition root, so the once-per-page check and the cached resources start empty. */
async function loadPage() {
  const app = createTestAppContext();
  render(<TestProviders app={app}><LoginNotices /></TestProviders>);
  return { due: app.loginNoticesDue, sources: createLoginAlertSources(app.shell, app.http, app.resources) };
}

describe('login notices region', () => {
  let state: Server;
  beforeEach(() => { state = { seen: false, show: 1, hosts: 3 }; });

  it('opens after login when a condition holds, marks the session seen, and saves the checkbox on Close', async () => {
    const requests = serve(state);
    await loadPage();
    const dialog = await screen.findByRole('dialog', { name: 'Login Alerts' });
    expect(state.seen).toBe(true);
    expect(dialog.textContent).toContain('Unhandled host problems: 3');
    // A user without the monitoring-system permission: the system status is not asked for.
    expect(requests.some((r) => r.startsWith('api/v2/status/system'))).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show these alerts when I login' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(state.show).toBe(0));
  });

  it('asks for no conditions and shows nothing once the alerts were seen this session', async () => {
    state.seen = true;
    const requests = serve(state);
    const { due } = await loadPage();
    await vi.waitFor(() => expect(due.data.value).toBe(false));
    expect(requests.filter((r) => r.includes('cmd=setsessionvars') || r.startsWith('api/v2/status/'))).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing when the user turned the alerts off, but still marks the session seen', async () => {
    state.show = 0;
    const requests = serve(state);
    const { due } = await loadPage();
    await vi.waitFor(() => expect(due.data.value).toBe(false));
    expect(state.seen).toBe(true);
    expect(requests.filter((r) => r.startsWith('api/v2/status/'))).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open when no condition holds', async () => {
    state.hosts = 0;
    serve(state);
    const { sources } = await loadPage();
    await vi.waitFor(() => {
      for (const source of [sources.hostProblems, sources.serviceProblems, sources.ip, sources.update]) expect(source.data.value).toBeDefined();
    });
    // Lets React render whatever the answers caused.
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
