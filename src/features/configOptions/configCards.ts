import type { AuthRecord, Theme } from '../../lib/apiTypes';
import { BASE, withBase } from '../../lib/base';
import { inFrameHref } from '../../shell/menuLinks';

const CONFIG_SECTION = { id: 'config', path: 'config/' } as const;

export interface ConfigCard {
  id: 'wizards' | 'autodiscovery' | 'agents' | 'account' | 'ccm';
  /** Translation keys; Auto-Discovery has no subtitle (spec 2.11). */
  titleKey: string;
  subtitleKey?: string;
  href: string;
  /** `_top` leaves the app for the page; otherwise the page opens in the main frame. */
  target?: '_top';
}

/**
 * Spec 2.11, with the permissions of the config tooltip (spec 6): wizards need canConfigureObjects, agents
 * canAutoDeploy, the configuration manager canAccessCCM. The reference server has no auto-discovery page, so that
 * card opens the configuration wizards page, which explains how to add hosts.
 */
export function configCardsFor(auth: AuthRecord): ConfigCard[] {
  const wizards = inFrameHref(CONFIG_SECTION, 'config/monitoringwizard.php');
  const cards: Array<ConfigCard & { allowed: boolean }> = [
    { id: 'wizards', titleKey: 'config.card.wizards', subtitleKey: 'config.card.wizardsSubtitle', href: wizards, allowed: auth.canConfigureObjects },
    { id: 'autodiscovery', titleKey: 'config.card.autodiscovery', href: wizards, allowed: auth.canConfigureObjects },
    { id: 'agents', titleKey: 'config.card.agents', subtitleKey: 'config.card.agentsSubtitle', href: inFrameHref(CONFIG_SECTION, 'config/deployagent.php'), allowed: auth.canAutoDeploy },
    { id: 'account', titleKey: 'config.card.account', subtitleKey: 'config.card.accountSubtitle', href: withBase('account/'), target: '_top', allowed: true },
    { id: 'ccm', titleKey: 'config.card.ccm', subtitleKey: 'config.card.ccmSubtitle', href: withBase('includes/components/ccm/xi-index.php'), target: '_top', allowed: auth.canAccessCCM },
  ];
  return cards.filter((c) => c.allowed).map(({ allowed: _allowed, ...card }) => card);
}

/** Spec 2.11: light and colorblind use the light pictures, dark (the default) the dark ones. */
export function cardImage(id: ConfigCard['id'], theme: Theme, base: string = BASE): string {
  const variant = theme === 'neptunelight' || theme === 'neptunecolorblind' ? 'light' : 'dark';
  return `${base}images/config/${id}-${variant}.svg`;
}
