/** The native screens of spec 2.1, by their path relative to the base: they replace the content frame. */
export const NATIVE_SCREENS = {
  'config/main.php': 'configOptions',
  'tools/main.php': 'tools',
  'tools/mytools.php': 'myTools',
  'tools/commontools.php': 'commonTools',
  'enterprise/enterprise.php': 'enterprise',
  'dashboards/manage.php': 'manageDashboards',
  'admin/displays.php': 'displays',
} as const;

export type NativeScreenId = (typeof NATIVE_SCREENS)[keyof typeof NATIVE_SCREENS];

/** The native screen that replaces the frame for this path (relative to the base, query and hash ignored), if any. */
export function nativeScreenFor(pathNoBase: string): NativeScreenId | null {
  const path = pathNoBase.split(/[?#]/, 1)[0]!.replace(/^\/+/, '');
  // Not Object.hasOwn: the wallboard's TV browsers (Chromium 87, Safari 14) lack it.
  return Object.prototype.hasOwnProperty.call(NATIVE_SCREENS, path) ? NATIVE_SCREENS[path as keyof typeof NATIVE_SCREENS] : null;
}
