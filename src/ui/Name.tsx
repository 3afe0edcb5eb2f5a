import './Name.css';

export interface NameProps {
  /** The name as the user typed it: shown, and whole in the tooltip. */
  children: string;
  /** Lines before the ellipsis: 1 for menus, 3 (the default) for tables. */
  lines?: 1 | 2 | 3;
  className?: string;
}

/**
 * A name of any length (issue 20): it wraps, anywhere if it must, and ends in an ellipsis after `lines`; the full
 * name is its tooltip and stays the text of the element around it, so the accessible name is whole. dir=auto keeps a
 * right-to-left name in its own direction.
 */
export function Name({ children, lines = 3, className }: NameProps) {
  return (
    <span className={className ? `ui-name ${className}` : 'ui-name'} dir="auto" title={children} data-lines={lines}>
      {children}
    </span>
  );
}
