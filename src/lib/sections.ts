import type { MenuSection, SectionId } from './apiTypes';

/**
 * Each section's route and default frame page, as the server's menu gives them. Used until the menu has
 * loaded (so the frame starts at once) and when the menu leaves a section out.
 */
export const SECTION_DEFAULTS: Record<SectionId, { path: string; defaultPath: string }> = {
  home: { path: '', defaultPath: 'includes/page-home-main.php' },
  views: { path: 'views/', defaultPath: 'views/main.php' },
  dashboards: { path: 'dashboards/', defaultPath: 'dashboards/dashboard.php?id=home' },
  reports: { path: 'reports/', defaultPath: 'reports/statussummary.php' },
  config: { path: 'config/', defaultPath: 'config/main.php' },
  tools: { path: 'tools/', defaultPath: 'tools/main.php' },
  help: { path: 'help/', defaultPath: 'help/main.php' },
  admin: { path: 'admin/', defaultPath: 'admin/main.php' },
  account: { path: 'account/', defaultPath: 'account/main.php' },
  ccm: { path: 'includes/components/ccm/xi-index.php', defaultPath: 'includes/components/ccm/index.php' },
  enterprise: { path: 'enterprise/', defaultPath: 'enterprise/enterprise.php' },
};

/** Sections with a framed route of their own: `{id}`, `{id}/` and `{id}/index.php` (spec 2.1). */
export const FRAMED_SECTIONS = ['views', 'dashboards', 'reports', 'config', 'help', 'admin', 'tools', 'account', 'enterprise'] as const satisfies readonly SectionId[];

export function sectionPaths(id: SectionId, section: MenuSection | undefined): { path: string; defaultPath: string } {
  const fallback = SECTION_DEFAULTS[id];
  return {
    path: typeof section?.path === 'string' ? section.path : fallback.path,
    defaultPath: section?.defaultPath || fallback.defaultPath,
  };
}
