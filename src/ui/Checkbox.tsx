import { useRef, type ReactNode } from 'react';
import { mergeProps, useCheckbox, useFocusRing } from 'react-aria';
import { useToggleState } from 'react-stately';
import './Checkbox.css';

export interface CheckboxProps {
  children: ReactNode;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  name?: string;
  isDisabled?: boolean;
  'data-testid'?: string;
}

/** A native checkbox with its label (react-aria useCheckbox); data-selected and data-focus-visible expose the state to CSS. */
export function Checkbox({ children, isSelected, onChange, name, isDisabled, ...rest }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const props = { children, isSelected, onChange, name, isDisabled };
  const state = useToggleState(props);
  const { inputProps, labelProps } = useCheckbox(props, state, ref);
  const { focusProps, isFocusVisible } = useFocusRing();
  return (
    <label
      {...labelProps}
      className="ui-checkbox"
      data-selected={state.isSelected || undefined}
      data-disabled={isDisabled || undefined}
      data-focus-visible={isFocusVisible || undefined}
    >
      <input {...mergeProps(inputProps, focusProps)} ref={ref} className="ui-checkbox-input" data-testid={rest['data-testid']} />
      <span>{children}</span>
    </label>
  );
}
