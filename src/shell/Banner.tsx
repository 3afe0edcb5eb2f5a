import type { ReactNode } from 'react';
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
  return (
    <div className="banner" data-type={type} data-collapsing={collapsing || undefined} role={type === 'critical' ? 'alert' : 'status'} data-testid={rest['data-testid']}>
      <Icon name={BANNER_ICONS[type]} />
      <strong className="banner-label">{label}:</strong>
      <div className="banner-message">{children}</div>
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
