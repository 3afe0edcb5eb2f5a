import { describe, expect, it } from 'vitest';
import { requestedToolId, toolLaunch } from './toolLaunch';

describe('requestedToolId (spec 2.12 go and id)', () => {
  it('reads go and id from a frame address or a query string', () => {
    expect(requestedToolId('/tools/mytools.php?go=1&id=12')).toBe(12);
    expect(requestedToolId('?id=3&go')).toBe(3);
    expect(requestedToolId('/tools/commontools.php?go=1&id=4#x')).toBe(4);
  });

  it('needs both, and a whole positive id', () => {
    expect(requestedToolId('/tools/mytools.php')).toBeNull();
    expect(requestedToolId('/tools/mytools.php?id=3')).toBeNull();
    expect(requestedToolId('/tools/mytools.php?go=1')).toBeNull();
    expect(requestedToolId('?go=1&id=abc')).toBeNull();
    expect(requestedToolId('?go=1&id=0')).toBeNull();
    expect(requestedToolId('?go=1&id=-2')).toBeNull();
    expect(requestedToolId('?xiwindow=mytools.php')).toBeNull();
  });
});

describe('toolLaunch', () => {
  it('pages of this site open in the main frame through the tools route', () => {
    expect(toolLaunch({ href: '/reports/statussummary.php' })).toEqual({ kind: 'frame', href: '/tools/?xiwindow=%2Freports%2Fstatussummary.php' });
    expect(toolLaunch({ href: `${window.location.origin}/admin/main.php?x=1` })).toEqual({ kind: 'frame', href: '/tools/?xiwindow=%2Fadmin%2Fmain.php%3Fx%3D1' });
  });

  it('other sites open in a new tab; anything else does not open', () => {
    expect(toolLaunch({ href: 'https://grafana.example/d/1' })).toEqual({ kind: 'newTab', href: 'https://grafana.example/d/1' });
    expect(toolLaunch({ href: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
    expect(toolLaunch({ href: '#' })).toEqual({ kind: 'none' });
    expect(toolLaunch({ href: '//evil.example/' })).toEqual({ kind: 'none' });
  });
});
