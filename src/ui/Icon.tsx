import { createContext, useContext, type ReactNode } from 'react';
import './Icon.css';

/** Every icon the app draws; their shapes are drawn for this app (24×24 strokes), so no icon font or package is needed. */
const NAMES = [
  'home', 'views', 'dashboards', 'reports', 'config', 'tools', 'help', 'admin', 'account', 'ccm', 'enterprise',
  'menu', 'close', 'chevron-down', 'chevron-right', 'logout', 'external', 'popout', 'search', 'warning', 'offline',
  'update', 'info', 'success', 'critical', 'user', 'more', 'status', 'link', 'star', 'plus', 'rotate', 'changelog',
  'support', 'forum', 'exchange', 'about', 'circle',
] as const;

export type IconName = (typeof NAMES)[number];

export function isIconName(name: string): name is IconName {
  return (NAMES as readonly string[]).includes(name);
}

export type IconShapes = Partial<Record<IconName, ReactNode>>;

/**
 * The shapes both documents draw: states, close and the fallback dot. The rest (the rail's sections, the top bar's
 * links, menus) belong to the shell, which hands them down (iconShapes.tsx), so a TV never downloads them (issue 19).
 */
export const COMMON_SHAPES = {
  close: <path d="M6 6l12 12M18 6 6 18" />,
  warning: <><path d="M12 3 2 21h20z" /><path d="M12 10v5M12 18h.01" /></>,
  offline: <><path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01" /><path d="M3 3l18 18" /></>,
  update: <><path d="M21 12a9 9 0 1 1-3-6.7L21 8" /><path d="M21 3v5h-5" /></>,
  info: <><circle cx="12" cy="12" r="9" /><path d="M12 11v6M12 7h.01" /></>,
  success: <><circle cx="12" cy="12" r="9" /><path d="m8 12 3 3 5-6" /></>,
  critical: <><path d="M8 3h8l5 5v8l-5 5H8l-5-5V8z" /><path d="M12 8v5M12 16h.01" /></>,
  circle: <circle cx="12" cy="12" r="6" />,
} satisfies IconShapes;

export const IconShapesContext = createContext<IconShapes>(COMMON_SHAPES);

export interface IconProps {
  name: IconName | string;
  size?: number;
  className?: string;
  /** Icons are decorative unless given a label; the control around them carries the name. */
  label?: string;
}

/** Inline SVG icon (default size 20, spec section 9); unknown names fall back to a neutral dot. */
export function Icon({ name, size = 20, className, label }: IconProps) {
  const shapes = useContext(IconShapesContext);
  const shape = (Object.prototype.hasOwnProperty.call(shapes, name) ? shapes[name as IconName] : undefined) ?? COMMON_SHAPES.circle;
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
      {shape}
    </svg>
  );
}
