import { describe, expect, it } from 'vitest';
import { trayAlertText, trayAlertTitle, trayHasProblems } from './trayAlert';

describe('trayAlertTitle', () => {
  it('reads only the title attribute of the fragment', () => {
    expect(trayAlertTitle('<div class="tray-alert" title="3 Unhandled Problems"><img src=x onerror="window.hacked=1"></div>')).toBe('3 Unhandled Problems');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
  it('is empty for fragments without a title', () => {
    expect(trayAlertTitle('<div>nothing</div>')).toBe('');
  });
});

describe('trayHasProblems', () => {
  it('warns unless the title says No Problems Detected', () => {
    expect(trayHasProblems('No Problems Detected')).toBe(false);
    expect(trayHasProblems('3 Unhandled Problems')).toBe(true);
    // "does not contain No Problems Detected": an empty or missing title warns as well.
    expect(trayHasProblems('')).toBe(true);
  });
});

describe('trayAlertText', () => {
  it('shows the server\'s counts in the user\'s language and leaves the rest as sent', () => {
    const german: Record<string, string> = {
      'shell.tray.unhandledHostOne': '{{count}} unbehandeltes Host-Problem',
      'shell.tray.unhandledServiceMany': '{{count}} unbehandelte Service-Probleme',
    };
    const t = (key: string, vars?: Record<string, unknown>) => (german[key] ?? key).replace('{{count}}', String(vars?.count));
    expect(trayAlertText('1 Unhandled Host Problem, 33 Unhandled Service Problems', t)).toBe('1 unbehandeltes Host-Problem, 33 unbehandelte Service-Probleme');
    expect(trayAlertText('Something else', t)).toBe('Something else');
  });
});
