import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useAuth } from './AuthProvider';
import { useMenu } from '../menu/MenuProvider';
import { TestProviders } from '../../app/TestProviders.test-utils';

function ShowUser() {
  const auth = useAuth();
  return <p>{auth.username || 'nobody'} admin={String(auth.isAdmin)}</p>;
}

function ShowSections() {
  useSignals();
  const { menu } = useMenu();
  return <p>{Object.values(menu).map((s) => s?.label).join(',') || 'no sections'}</p>;
}

function Thrower({ use }: { use: () => unknown }) {
  use();
  return null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const path = url.split('?')[0]!.replace(/^\//, '');
    const body = routes[path];
    return body === undefined
      ? new Response('{"message":"Not found."}', { status: 404 })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
}

describe('providers', () => {
  it('useAuth and useMenu throw outside their providers', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Thrower use={useAuth} />)).toThrow('useAuth must be used within an AuthProvider');
    expect(() => render(<Thrower use={useMenu} />)).toThrow('useMenu must be used within a MenuProvider');
  });

  it('gives the empty auth record until the auth call answers, then the user', async () => {
    serve({
      'api/v2/account/auth': { nsp: 'n', username: 'nagiosadmin', isAdmin: true, isAuthorizedForMonitoringSystem: true, canConfigureObjects: true, canAccessCCM: true, canAutoDeploy: true },
      'api/v2/app/menu': { home: { id: 'home', label: 'Home', path: '', defaultPath: 'x', icon: '', groups: [] }, views: { id: 'views', label: 'Views', path: 'views/', defaultPath: 'y', icon: '', groups: [] } },
    });
    render(<TestProviders><ShowUser /><ShowSections /></TestProviders>);
    expect(screen.getByText('nobody admin=false')).toBeTruthy();
    expect(await screen.findByText('nagiosadmin admin=true')).toBeTruthy();
    expect(await screen.findByText('Home,Views')).toBeTruthy();
  });
});
