import { useId, type ReactNode } from 'react';
import { Icon } from './Icon';
import './Disclosure.css';

export interface DisclosureProps {
  title: ReactNode;
  children: ReactNode;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  className?: string;
  /** Heading level of the title inside its landmark. */
  level?: 2 | 3 | 4;
  'data-testid'?: string;
}

/** A collapsible group (WAI-ARIA disclosure pattern): a heading whose button controls the panel below it. */
export function Disclosure({ title, children, isExpanded, onExpandedChange, className, level = 3, ...rest }: DisclosureProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  const Heading = `h${level}` as const;
  return (
    <div className={['ui-disclosure', className].filter(Boolean).join(' ')} data-expanded={isExpanded || undefined} data-testid={rest['data-testid']}>
      <Heading className="ui-disclosure-heading">
        <button
          type="button"
          id={buttonId}
          className="ui-disclosure-button"
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => onExpandedChange(!isExpanded)}
        >
          <Icon name="chevron-right" size={16} className="ui-disclosure-chevron" />
          <span>{title}</span>
        </button>
      </Heading>
      <div id={panelId} role="group" aria-labelledby={buttonId} className="ui-disclosure-panel" hidden={!isExpanded}>
        {children}
      </div>
    </div>
  );
}
