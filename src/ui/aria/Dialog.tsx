import { useRef } from 'react';
import { useDialog } from 'react-aria';
import type { DialogProps } from '../Dialog';

/** react-aria dialog: named by its title, takes focus when it opens. */
export function Dialog({ title, children, hideTitle = false, actions, role = 'dialog', className }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { dialogProps, titleProps } = useDialog({ role }, ref);
  return (
    <div {...dialogProps} ref={ref} className={['ui-dialog', className].filter(Boolean).join(' ')}>
      <div className="ui-dialog-header" data-hidden={hideTitle || undefined}>
        <h2 {...titleProps} className="ui-dialog-title">{title}</h2>
        {actions}
      </div>
      {children}
    </div>
  );
}
