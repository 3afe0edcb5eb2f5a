import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';
import { IconButton } from '../ui/IconButton';
import { TooltipTrigger } from '../ui/Tooltip';
import { BANNER_ICONS, BANNER_LABEL_KEYS, type BannerType } from './bannerColors';
import './Banner.css';

export interface BannerProps {
  type: BannerType;
  children: ReactNode;
  /** Present for dismissible banners: the close icon with the tooltip Dismiss (spec 2.3). */
  onDismiss?: () => void;
  collapsing?: boolean;
  'data-testid'?: string;
}

/** One 48 px banner: colour, icon and the type in words, so colour is never the only signal. */
export function Banner({ type, children, onDismiss, collapsing = false, ...rest }: BannerProps) {
  const t = useT();
  const label = t(BANNER_LABEL_KEYS[type]);
  const dismiss = t('shell.banner.dismiss');
  const message = useRef<HTMLDivElement>(null);
  // A message cut short by the width opens in full on a tap or click (issue 20), and closes again the same way.
  const [expanded, setExpanded] = useState(false);
  const [truncated, setTruncated] = useState(false);
  useLayoutEffect(() => {
    const el = message.current;
    if (!el || expanded) return undefined;
    const measure = () => setTruncated(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, children]);
  const toggle = () => setExpanded((open) => !open);
  const canToggle = truncated || expanded;
  return (
    <div className="banner" data-type={type} data-collapsing={collapsing || undefined} data-expanded={expanded || undefined} role={type === 'critical' ? 'alert' : 'status'} data-testid={rest['data-testid']}>
      <Icon name={BANNER_ICONS[type]} />
      <strong className="banner-label">{label}:</strong>
      {/* The text itself takes the click (a link inside keeps its own); the button beside it is the keyboard's way. */}
      <div ref={message} className="banner-message" data-truncated={canToggle || undefined} onClick={(event) => {
        if (canToggle && !(event.target as HTMLElement).closest('a')) toggle();
      }}>{children}</div>
      {canToggle && (
        <IconButton
          icon={expanded ? 'chevron-down' : 'chevron-right'}
          label={expanded ? t('shell.banner.showLess') : t('shell.banner.showAll')}
          aria-expanded={expanded}
          onPress={toggle}
          className="banner-expand"
        />
      )}
      {onDismiss && (
        <TooltipTrigger<HTMLButtonElement> tooltip={dismiss} placement="bottom">
          {({ triggerProps, triggerRef }) => (
            <IconButton ref={triggerRef} domProps={triggerProps} icon="close" label={dismiss} onPress={onDismiss} isDisabled={collapsing} className="banner-dismiss" />
          )}
        </TooltipTrigger>
      )}
    </div>
  );
}
