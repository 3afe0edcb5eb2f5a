import type { SectionId } from './apiTypes';
import { NATIVE_SCREENS } from './nativeScreens';
import { FRAMED_SECTIONS } from './sections';

export type AppRoute =
  | { kind: 'framed'; section: SectionId; path?: string }
  | { kind: 'about' }
  | { kind: 'ccm' }
  | { kind: 'wallboard' }
  | { kind: 'notFound' };

/**
 * Native screens that are also app addresses. Admin → Displays is not: its own address stays the server's classic
 * page (the classic UI links it); inside the shell's frame the native screen replaces it.
 */
const NATIVE_SECTION: Record<Exclude<keyof typeof NATIVE_SCREENS, 'admin/displays.php'>, SectionId> = {
  'config/main.php': 'config',
  'tools/main.php': 'tools',
  'tools/mytools.php': 'tools',
  'tools/commontools.php': 'tools',
  'enterprise/enterprise.php': 'enterprise',
  'dashboards/manage.php': 'dashboards',
};

const TABLE = new Map<string, AppRoute>([
  ['', { kind: 'framed', section: 'home' }],
  ['index.php', { kind: 'framed', section: 'home' }],
  ...FRAMED_SECTIONS.flatMap((section) => [section, `${section}/`, `${section}/index.php`]
    .map((p): [string, AppRoute] => [p, { kind: 'framed', section }])),
  ...['about', 'about/', 'about/index.php'].map((p): [string, AppRoute] => [p, { kind: 'about' }]),
  ['includes/components/ccm/xi-index.php', { kind: 'ccm' }],
  ...Object.entries(NATIVE_SECTION).map(([path, section]): [string, AppRoute] => [path, { kind: 'framed', section, path }]),
  ['wallboard', { kind: 'wallboard' }],
  ['wallboard/', { kind: 'wallboard' }],
]);

/** The screen for a path relative to the base (spec 2.1), matched exactly like the server's list. */
export function routeFor(relativePath: string): AppRoute {
  return TABLE.get(relativePath.replace(/^\//, '')) ?? { kind: 'notFound' };
}
