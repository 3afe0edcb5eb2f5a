import { VENDOR_LINKS } from '../../lib/vendorLinks';
import { inFrameHref } from '../menu/menuLinks';

/** Where each enterprise feature card leads (spec 2.13): a top-level section route whose frame shows the feature page. */
export interface EnterpriseFeature {
  id: string;
  /** The feature's name as the spec writes it (also its translation key suffix). */
  name: string;
  href: string;
  /** Only Scheduled Pages leaves for an external help article in a new tab. */
  external: boolean;
}

const ADMIN = { id: 'admin', path: 'admin/' } as const;
const REPORTS = { id: 'reports', path: 'reports/' } as const;

/** [id, name, section, inner page relative to the base]; the reference server answers every inner page. */
export const ENTERPRISE_PAGES: Array<[string, string, typeof ADMIN | typeof REPORTS, string]> = [
  ['auditlog', 'Audit Log', ADMIN, 'admin/auditlog.php'],
  ['bpi', 'BPI', REPORTS, 'includes/components/nagiosbpi/index.php'],
  ['bulkmodification', 'Bulk Modification Tool', ADMIN, 'includes/components/bulkmodifications/bulkmodifications.php'],
  ['bulkrenaming', 'Bulk Renaming Tool', ADMIN, 'includes/components/renametool/renametool.php'],
  ['capacityplanning', 'Capacity Planning', REPORTS, 'includes/components/capacityplanning/capacityplanning.php'],
  ['deadpool', 'Deadpool Settings', ADMIN, 'admin/deadpool.php'],
  ['notificationmanagement', 'Notification Management', ADMIN, 'admin/notificationmanagement.php'],
  ['scheduledreports', 'Scheduled Reports', REPORTS, 'includes/components/scheduledreporting/schedulereport.php'],
  ['scheduledreportshistory', 'Scheduled Reports History', ADMIN, 'includes/components/scheduledreporting/reporthistory.php'],
  ['slareport', 'SLA Report', REPORTS, 'reports/sla.php'],
  ['snmptrap', 'SNMP Trap Interface', ADMIN, 'includes/components/nxti/index.php'],
];

/** Scheduled Pages is explained by a help article (spec 2.13). */
export const SCHEDULED_PAGES_HELP = 'https://library.nagios.com/?s=Scheduled+Pages';

const inApp = ENTERPRISE_PAGES.map(([id, name, section, page]): EnterpriseFeature => ({ id, name, href: inFrameHref(section, page), external: false }));

/** The twelve cards in the spec's order, Scheduled Pages between Notification Management and Scheduled Reports. */
export const ENTERPRISE_FEATURES: readonly EnterpriseFeature[] = [
  ...inApp.slice(0, 7),
  { id: 'scheduledpages', name: 'Scheduled Pages', href: SCHEDULED_PAGES_HELP, external: true },
  ...inApp.slice(7),
];

/** The four link items below the cards (spec 2.13), all in new tabs. */
export const ENTERPRISE_LINKS = [
  { id: 'videos', href: 'https://www.youtube.com/results?search_query=Nagios+XI+Enterprise+features' },
  { id: 'testimonials', href: 'https://www.nagios.com/customers/' },
  { id: 'comparison', href: VENDOR_LINKS.pricing },
  { id: 'contact', href: VENDOR_LINKS.contactSales },
] as const;
