import type { KeyboardEvent, MouseEvent, ReactNode, Ref } from 'react';
import { mergeDomProps, type DomProps } from './mergeDomProps';
import './Button.css';

export interface ButtonProps {
  children?: ReactNode;
  className?: string;
  /** Visual weight only; behaviour is the same. */
  variant?: 'default' | 'primary' | 'quiet';
  title?: string;
  id?: string;
  onPress?: () => void;
  isDisabled?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-haspopup'?: boolean | 'menu' | 'dialog';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  ref?: Ref<HTMLButtonElement>;
  /** Extra behaviour from another wrapper (e.g. TooltipTrigger's trigger props). */
  domProps?: DomProps;
  'data-testid'?: string;
}

/**
 * A native button (keyboard, focus and disabled state come from the browser): CSS styles :hover,
 * :active and :focus-visible; data-variant and data-disabled expose the rest.
 */
export function Button({ children, className, variant = 'default', onPress, isDisabled, onKeyDown, ref, domProps, ...props }: ButtonProps) {
  const own: DomProps = {
    onClick: onPress ? (_e: MouseEvent) => onPress() : undefined,
    onKeyDown: onKeyDown as DomProps['onKeyDown'],
  };
  return (
    <button
      {...mergeDomProps<DomProps>(domProps, own)}
      {...props}
      ref={ref}
      type="button"
      disabled={isDisabled}
      className={['ui-button', className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-disabled={isDisabled || undefined}
    >
      {children}
    </button>
  );
}
