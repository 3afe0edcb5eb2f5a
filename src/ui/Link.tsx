import type { MouseEvent, ReactNode, Ref } from 'react';
import { mergeDomProps, type DomProps } from './mergeDomProps';
import { shouldClientNavigate, useNavigate } from './RouterProvider';
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
  domProps?: DomProps;
  ref?: Ref<HTMLAnchorElement>;
  'data-testid'?: string;
}

/**
 * A real anchor (open in new tab, copy link, middle-click keep working); plain same-origin clicks navigate
 * in the app through RouterProvider. data-current mirrors aria-current for CSS.
 */
export function Link({ children, className, onClick, ref, domProps, href, target, ...props }: LinkProps) {
  const navigate = useNavigate();
  // New-tab links must not give the opened page a handle on this window.
  const rel = target === '_blank' ? (props.rel ?? 'noopener noreferrer') : props.rel;
  const clientNavigation: DomProps = {
    onClick: (e: MouseEvent<HTMLElement>) => {
      const link = e.currentTarget;
      if (!navigate || e.defaultPrevented || e.button !== 0 || !(link instanceof HTMLAnchorElement)) return;
      if (!shouldClientNavigate(link, e)) return;
      e.preventDefault();
      navigate(href);
    },
  };
  return (
    <a
      {...mergeDomProps<DomProps>(domProps, { onClick: onClick as DomProps['onClick'] }, clientNavigation)}
      {...props}
      href={href}
      target={target}
      rel={rel}
      ref={ref}
      className={['ui-link', className].filter(Boolean).join(' ')}
      data-current={props['aria-current'] ? true : undefined}
    >
      {children}
    </a>
  );
}
