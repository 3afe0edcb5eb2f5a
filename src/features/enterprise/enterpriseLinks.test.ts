import { describe, expect, it } from 'vitest';
import { ENTERPRISE_FEATURES, SCHEDULED_PAGES_HELP } from './enterpriseLinks';

describe('enterprise feature cards (spec 2.13)', () => {
  it('lists the twelve features in the spec\'s order', () => {
    expect(ENTERPRISE_FEATURES.map((f) => f.name)).toEqual(['Audit Log', 'BPI', 'Bulk Modification Tool', 'Bulk Renaming Tool',
      'Capacity Planning', 'Deadpool Settings', 'Notification Management', 'Scheduled Pages', 'Scheduled Reports',
      'Scheduled Reports History', 'SLA Report', 'SNMP Trap Interface']);
  });

  it('opens Scheduled Pages as an external help article and the other eleven as top-level admin or reports pages naming the inner page', () => {
    for (const f of ENTERPRISE_FEATURES) {
      if (f.id === 'scheduledpages') {
        expect(f).toMatchObject({ href: SCHEDULED_PAGES_HELP, external: true });
        continue;
      }
      expect(f.external).toBe(false);
      expect(f.href).toMatch(/^\/(admin|reports)\/\?xiwindow=[^&]+$/);
    }
    expect(ENTERPRISE_FEATURES.find((f) => f.id === 'auditlog')?.href).toBe('/admin/?xiwindow=auditlog.php');
    expect(ENTERPRISE_FEATURES.find((f) => f.id === 'slareport')?.href).toBe('/reports/?xiwindow=sla.php');
  });
});
