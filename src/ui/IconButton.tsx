import type { Ref } from 'react';
import { Button, type ButtonProps } from './Button';
import { Icon, type IconName } from './Icon';
import './IconButton.css';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  icon: IconName;
  /** The accessible name; shown as text too when showLabel is set. */
  label: string;
  showLabel?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ icon, label, showLabel = false, className, ...props }: IconButtonProps) {
  return (
    <Button {...props} aria-label={showLabel ? undefined : label} variant={props.variant ?? 'quiet'} className={['ui-icon-button', className].filter(Boolean).join(' ')}>
      <Icon name={icon} />
      {showLabel && <span className="ui-icon-button-label">{label}</span>}
    </Button>
  );
}
