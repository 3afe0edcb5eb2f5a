import { VENDOR_LINKS } from '../../shell/externalLinks';

/**
 * Where each enterprise feature card leads (spec 2.13). The reference server has none of these feature pages, so
 * instead of a dead in-app link each card opens the vendor's description of the feature in a new tab. The vendor
 * addresses could not be checked from the build machine (no internet): they are kept here, in one place, to correct.
 */
const PRODUCT = VENDOR_LINKS.product;

/** The vendor's product page scrolled to the feature's name (a text fragment; browsers without them show the top). */
const featureOnProductPage = (name: string) => `${PRODUCT}#:~:text=${encodeURIComponent(name)}`;

export interface EnterpriseFeature {
  id: string;
  /** The feature's name as the spec writes it (also its translation key suffix). */
  name: string;
  href: string;
}

const NAMES: Array<[string, string]> = [
  ['auditlog', 'Audit Log'],
  ['bpi', 'BPI'],
  ['bulkmodification', 'Bulk Modification Tool'],
  ['bulkrenaming', 'Bulk Renaming Tool'],
  ['capacityplanning', 'Capacity Planning'],
  ['deadpool', 'Deadpool Settings'],
  ['notificationmanagement', 'Notification Management'],
  ['scheduledpages', 'Scheduled Pages'],
  ['scheduledreports', 'Scheduled Reports'],
  ['scheduledreportshistory', 'Scheduled Reports History'],
  ['slareport', 'SLA Report'],
  ['snmptrap', 'SNMP Trap Interface'],
];

/** Scheduled Pages is explained by a help article (spec 2.13). */
export const SCHEDULED_PAGES_HELP = 'https://library.nagios.com/?s=Scheduled+Pages';

export const ENTERPRISE_FEATURES: readonly EnterpriseFeature[] = NAMES.map(([id, name]) => ({
  id,
  name,
  href: id === 'scheduledpages' ? SCHEDULED_PAGES_HELP : featureOnProductPage(name),
}));

/** The four link items below the cards (spec 2.13), all in new tabs. */
export const ENTERPRISE_LINKS = [
  { id: 'videos', href: 'https://www.youtube.com/results?search_query=Nagios+XI+Enterprise+features' },
  { id: 'testimonials', href: 'https://www.nagios.com/customers/' },
  { id: 'comparison', href: VENDOR_LINKS.pricing },
  { id: 'contact', href: VENDOR_LINKS.contactSales },
] as const;
