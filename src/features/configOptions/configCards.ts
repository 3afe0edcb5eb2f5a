import type { Theme } from '../../lib/apiTypes';
import { BASE, withBase } from '../../lib/base';
import { inFrameHref } from '../menu/menuLinks';

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

/** Spec 2.11's in-frame pages: the auto-discovery component and the agents' deployment index. */
export const AUTODISCOVERY_PAGE = 'includes/components/autodiscovery/index.php';
export const DEPLOYMENT_PAGE = 'config/deployment/index.php';

/**
 * Spec 2.11: all five cards, whatever the user may do. Permissions show only on the config rail tooltip (spec 6);
 * a page the user may not use answers with its own notice when opened.
 */
export function configCardsFor(): ConfigCard[] {
  return [
    { id: 'wizards', titleKey: 'config.card.wizards', subtitleKey: 'config.card.wizardsSubtitle', href: inFrameHref(CONFIG_SECTION, 'config/monitoringwizard.php') },
    { id: 'autodiscovery', titleKey: 'config.card.autodiscovery', href: inFrameHref(CONFIG_SECTION, AUTODISCOVERY_PAGE) },
    { id: 'agents', titleKey: 'config.card.agents', subtitleKey: 'config.card.agentsSubtitle', href: inFrameHref(CONFIG_SECTION, DEPLOYMENT_PAGE) },
    { id: 'account', titleKey: 'config.card.account', subtitleKey: 'config.card.accountSubtitle', href: withBase('account/'), target: '_top' },
    { id: 'ccm', titleKey: 'config.card.ccm', subtitleKey: 'config.card.ccmSubtitle', href: withBase('includes/components/ccm/xi-index.php'), target: '_top' },
  ];
}

/** Spec 2.11: light and colorblind use the light pictures, dark (the default) the dark ones. */
export function cardImage(id: ConfigCard['id'], theme: Theme, base: string = BASE): string {
  const variant = theme === 'neptunelight' || theme === 'neptunecolorblind' ? 'light' : 'dark';
  return `${base}images/config/${id}-${variant}.svg`;
}
