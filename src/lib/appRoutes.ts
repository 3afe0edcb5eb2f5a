import { FRAMED_SECTIONS } from './sections';

/**
 * Every path (relative to the base) that the single-page app answers: spec 2.1 plus the wallboard. The service
 * worker serves the app shell for these only; the server's list (server/src/routes/static.ts) must match.
 */
export const APP_ROUTE_PATHS: readonly string[] = [
  '', 'index.php',
  ...[...FRAMED_SECTIONS, 'about'].flatMap((s) => [s, `${s}/`, `${s}/index.php`]),
  'includes/components/ccm/xi-index.php',
  'config/main.php', 'tools/main.php', 'tools/mytools.php', 'tools/commontools.php', 'enterprise/enterprise.php', 'dashboards/manage.php',
  'wallboard', 'wallboard/',
];
