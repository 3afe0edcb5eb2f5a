/** Vendor pages the top bar opens in new tabs (spec 2.6). */
export const EXTERNAL_LINKS = [
  { id: 'changelog', labelKey: 'shell.top.changelog', href: 'https://www.nagios.com/changelog/', icon: 'changelog' },
  { id: 'support', labelKey: 'shell.top.support', href: 'https://support.nagios.com/', icon: 'support' },
  { id: 'forums', labelKey: 'shell.top.forums', href: 'https://support.nagios.com/forum/', icon: 'forum' },
  { id: 'exchange', labelKey: 'shell.top.exchange', href: 'https://exchange.nagios.org/', icon: 'exchange' },
] as const;
