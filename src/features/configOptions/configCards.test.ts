import { describe, expect, it } from 'vitest';
import { EMPTY_AUTH } from '../../lib/apiTypes';
import { cardImage, configCardsFor } from './configCards';

const ALL = { ...EMPTY_AUTH, nsp: 'n', canConfigureObjects: true, canAutoDeploy: true, canAccessCCM: true };

describe('configuration option cards (spec 2.11)', () => {
  it('shows five cards with their targets to a user with every permission', () => {
    expect(configCardsFor(ALL).map((c) => [c.id, c.href, c.target])).toEqual([
      ['wizards', '/config/?xiwindow=monitoringwizard.php', undefined],
      ['autodiscovery', '/config/?xiwindow=monitoringwizard.php', undefined],
      ['agents', '/config/?xiwindow=deployagent.php', undefined],
      ['account', '/account/', '_top'],
      ['ccm', '/includes/components/ccm/xi-index.php', '_top'],
    ]);
    expect(configCardsFor(ALL).find((c) => c.id === 'autodiscovery')?.subtitleKey).toBeUndefined();
  });

  it('hides the cards the user may not use, like the config tooltip (spec 6)', () => {
    expect(configCardsFor(EMPTY_AUTH).map((c) => c.id)).toEqual(['account']);
    expect(configCardsFor({ ...EMPTY_AUTH, canAutoDeploy: true }).map((c) => c.id)).toEqual(['agents', 'account']);
    expect(configCardsFor({ ...EMPTY_AUTH, canConfigureObjects: true }).map((c) => c.id)).toEqual(['wizards', 'autodiscovery', 'account']);
    expect(configCardsFor({ ...EMPTY_AUTH, canAccessCCM: true }).map((c) => c.id)).toEqual(['account', 'ccm']);
  });

  it('uses light pictures for light and colorblind, dark ones for dark', () => {
    expect(cardImage('wizards', 'neptunelight', '/nagiosxi/')).toBe('/nagiosxi/images/config/wizards-light.svg');
    expect(cardImage('wizards', 'neptunecolorblind', '/nagiosxi/')).toBe('/nagiosxi/images/config/wizards-light.svg');
    expect(cardImage('ccm', 'neptune', '/nagiosxi/')).toBe('/nagiosxi/images/config/ccm-dark.svg');
  });
});
