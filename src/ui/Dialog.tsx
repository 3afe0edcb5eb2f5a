import { useRef, type ReactNode } from 'react';
import { useDialog } from 'react-aria';
import './Dialog.css';

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Hide the visible heading (it still names the dialog). */
  hideTitle?: boolean;
  /** Rendered at the end of the title row, e.g. a close button. */
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/** Dialog content named by its title; put it inside a Modal or Popover. */
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
