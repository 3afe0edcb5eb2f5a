import { describe, expect, it } from 'vitest';
import { cardImage, configCardsFor } from './configCards';

describe('configuration option cards (spec 2.11)', () => {
  it('shows the five cards with the spec\'s targets: auto-discovery component and deployment index in the frame', () => {
    expect(configCardsFor().map((c) => [c.id, c.href, c.target])).toEqual([
      ['wizards', '/config/?xiwindow=monitoringwizard.php', undefined],
      ['autodiscovery', `/config/?xiwindow=${encodeURIComponent('/includes/components/autodiscovery/index.php')}`, undefined],
      ['agents', `/config/?xiwindow=${encodeURIComponent('deployment/index.php')}`, undefined],
      ['account', '/account/', '_top'],
      ['ccm', '/includes/components/ccm/xi-index.php', '_top'],
    ]);
    expect(configCardsFor().find((c) => c.id === 'autodiscovery')?.subtitleKey).toBeUndefined();
  });

  it('shows all five cards whatever the permissions: they are only on the rail tooltip (spec 6)', () => {
    expect(configCardsFor().map((c) => c.id)).toEqual(['wizards', 'autodiscovery', 'agents', 'account', 'ccm']);
  });

  it('uses light pictures for light and colorblind, dark ones for dark', () => {
    expect(cardImage('wizards', 'neptunelight', '/nagiosxi/')).toBe('/nagiosxi/images/config/wizards-light.svg');
    expect(cardImage('wizards', 'neptunecolorblind', '/nagiosxi/')).toBe('/nagiosxi/images/config/wizards-light.svg');
    expect(cardImage('ccm', 'neptune', '/nagiosxi/')).toBe('/nagiosxi/images/config/ccm-dark.svg');
  });
});
