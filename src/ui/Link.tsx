import { useRef, type MouseEvent, type ReactNode, type Ref } from 'react';
import { mergeProps, mergeRefs, useFocusRing, useHover, useLink } from 'react-aria';
import type { DOMAttributes } from '@react-types/shared';
import './Link.css';

export interface LinkProps {
  href: string;
  children: ReactNode;
  target?: string;
  rel?: string;
  className?: string;
  title?: string;
  'aria-label'?: string;
  'aria-current'?: 'page' | 'location' | 'true' | boolean;
  'aria-describedby'?: string;
  /** Plain DOM click, so callers can take over navigation (preventDefault) for in-app targets. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Extra behaviour from another wrapper (e.g. TooltipTrigger's trigger props). */
  domProps?: DOMAttributes;
  ref?: Ref<HTMLAnchorElement>;
  'data-testid'?: string;
}

/** A real anchor (open in new tab, copy link, middle-click keep working) with state as data attributes. */
export function Link({ children, className, onClick, ref, title, domProps, ...props }: LinkProps) {
  const own = useRef<HTMLAnchorElement>(null);
  // New-tab links must not give the opened page a handle on this window.
  const rel = props.target === '_blank' ? (props.rel ?? 'noopener noreferrer') : props.rel;
  const { linkProps, isPressed } = useLink({ ...props, rel }, own);
  const { focusProps, isFocusVisible } = useFocusRing();
  const { hoverProps, isHovered } = useHover({});
  const extra: DOMAttributes = domProps ?? {};
  const clickProps: DOMAttributes = onClick ? { onClick: onClick as DOMAttributes['onClick'] } : {};
  return (
    <a
      {...mergeProps(extra, linkProps, focusProps, hoverProps, clickProps)}
      ref={mergeRefs(own, ref)}
      title={title}
      className={['ui-link', className].filter(Boolean).join(' ')}
      data-testid={props['data-testid']}
      data-pressed={isPressed || undefined}
      data-hovered={isHovered || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-current={props['aria-current'] ? true : undefined}
    >
      {children}
    </a>
  );
}
