import { describe, expect, it } from 'vitest';
import { trayAlertTitle, trayHasProblems } from './trayAlert';

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
