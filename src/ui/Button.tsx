import { useRef, type ReactNode, type Ref } from 'react';
import { mergeProps, mergeRefs, useButton, useFocusRing, useHover, type AriaButtonProps } from 'react-aria';
import type { DOMAttributes } from '@react-types/shared';
import './Button.css';

export interface ButtonProps extends Omit<AriaButtonProps<'button'>, 'elementType' | 'href' | 'target' | 'rel'> {
  children?: ReactNode;
  className?: string;
  /** Visual weight only; behaviour is the same. */
  variant?: 'default' | 'primary' | 'quiet';
  title?: string;
  ref?: Ref<HTMLButtonElement>;
  /** Extra behaviour from another wrapper (e.g. TooltipTrigger's trigger props). */
  domProps?: DOMAttributes;
  'data-testid'?: string;
}

/** A button whose interaction state is exposed as data attributes for CSS (data-pressed, data-hovered, data-focus-visible, data-disabled). */
export function Button({ children, className, variant = 'default', title, ref, domProps, ...props }: ButtonProps) {
  const own = useRef<HTMLButtonElement>(null);
  const { buttonProps, isPressed } = useButton(props, own);
  const { focusProps, isFocusVisible } = useFocusRing();
  const { hoverProps, isHovered } = useHover({ isDisabled: props.isDisabled });
  const extra: DOMAttributes = domProps ?? {};
  return (
    <button
      {...mergeProps(extra, buttonProps, focusProps, hoverProps)}
      ref={mergeRefs(own, ref)}
      title={title}
      className={['ui-button', className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-testid={props['data-testid']}
      data-pressed={isPressed || undefined}
      data-hovered={isHovered || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-disabled={props.isDisabled || undefined}
    >
      {children}
    </button>
  );
}
