import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { Link } from './Link';
import { VisuallyHidden } from './VisuallyHidden';
import './LinkCard.css';

export interface LinkCardProps {
  href: string;
  title: string;
  subtitle?: string;
  /** `_blank` opens a new tab (with noopener noreferrer), `_top` replaces the whole app; none navigates in the app. */
  target?: '_blank' | '_top';
  /** Decorative picture above the title. */
  image?: string;
  icon?: IconName;
  /** Said after the title for new-tab cards, e.g. "Opens in a new tab". */
  newTabLabel?: string;
  'data-testid'?: string;
}

/** A whole-card link: one tab stop, named by its title (and subtitle); put it in a `ul.ui-card-grid` `li`. */
export function LinkCard({ href, title, subtitle, target, image, icon, newTabLabel, ...rest }: LinkCardProps) {
  let media: ReactNode = null;
  if (image) media = <img src={image} alt="" width={160} height={96} />;
  else if (icon) media = <Icon name={icon} size={48} />;
  return (
    <Link href={href} target={target} className="ui-card" data-testid={rest['data-testid']}>
      {media && <span className="ui-card-media">{media}</span>}
      <span className="ui-card-title">
        {title}
        {target === '_blank' && <Icon name="external" size={14} className="ui-card-external" />}
      </span>
      {subtitle && <span className="ui-card-subtitle">{subtitle}</span>}
      {target === '_blank' && newTabLabel && <VisuallyHidden>{newTabLabel}</VisuallyHidden>}
    </Link>
  );
}
