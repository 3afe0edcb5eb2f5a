import type { ReactNode } from 'react';
import './UnavailablePanel.css';

export interface UnavailablePanelProps {
  /** What could not be shown, said first and larger. */
  lead: string;
  /** What happens next. */
  detail: string;
  /** The user's own sizes and background (the frame's panel, the wallboard's failed item). */
  className: string;
  /** An action, e.g. "Try again". */
  children?: ReactNode;
  'data-testid'?: string;
}

/** Stands in the place of something that could not be shown (never the browser's error page), announced as an alert. */
export function UnavailablePanel({ lead, detail, className, children, ...rest }: UnavailablePanelProps) {
  return (
    <div className={`ui-unavailable ${className}`} role="alert" data-testid={rest['data-testid']}>
      <p className="lead">{lead}</p>
      <p>{detail}</p>
      {children}
    </div>
  );
}
