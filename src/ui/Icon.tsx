import './Icon.css';

/**
 * Every icon the app draws; their shapes are drawn for this app (24×24 strokes), so no icon font or package is needed.
 * The shapes are a sprite of <symbol>s in the documents themselves (src/ui/icons/*.svg, put there by the build's
 * iconSprite plugin), so they cost the first load no JavaScript; a wallboard's document has only the common ones.
 */
export const ICON_NAMES = [
  'home', 'views', 'dashboards', 'reports', 'config', 'tools', 'help', 'admin', 'account', 'ccm', 'enterprise',
  'menu', 'close', 'chevron-down', 'chevron-right', 'logout', 'external', 'popout', 'search', 'warning', 'offline',
  'update', 'info', 'success', 'critical', 'user', 'more', 'status', 'link', 'star', 'plus', 'rotate', 'changelog',
  'support', 'forum', 'exchange', 'about', 'circle',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function isIconName(name: string): name is IconName {
  return (ICON_NAMES as readonly string[]).includes(name);
}

export interface IconProps {
  name: IconName | string;
  size?: number;
  className?: string;
  /** Icons are decorative unless given a label; the control around them carries the name. */
  label?: string;
}

/** Inline SVG icon (default size 20, spec section 9); unknown names fall back to a neutral dot. */
export function Icon({ name, size = 20, className, label }: IconProps) {
  return (
    <svg
      className={['ui-icon', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <use href={`#icon-${isIconName(name) ? name : 'circle'}`} />
    </svg>
  );
}
