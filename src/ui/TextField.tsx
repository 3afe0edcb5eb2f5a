import { useRef } from 'react';
import { useTextField } from 'react-aria';
import './Field.css';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `color` gives the browser's colour picker; its value is always `#rrggbb`. */
  type?: 'text' | 'url' | 'color';
  name?: string;
  description?: string;
  /** Shown under the field and marks it invalid. */
  errorMessage?: string;
  autoFocus?: boolean;
  maxLength?: number;
  isDisabled?: boolean;
  /** Shown and selectable (to copy), not editable. */
  isReadOnly?: boolean;
  'data-testid'?: string;
}

/** A labelled text input (react-aria useTextField): label, description and error are tied to the input for assistive tech. */
export function TextField({ label, type = 'text', description, errorMessage, ...props }: TextFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const { labelProps, inputProps, descriptionProps, errorMessageProps, isInvalid } = useTextField(
    { ...props, label, type, description, errorMessage, isInvalid: Boolean(errorMessage), validationBehavior: 'aria' },
    ref,
  );
  return (
    <div className="ui-field" data-type={type} data-invalid={isInvalid || undefined} data-disabled={props.isDisabled || undefined}>
      <label {...labelProps} className="ui-field-label">{label}</label>
      <input {...inputProps} ref={ref} className="ui-field-input" data-testid={props['data-testid']} />
      {description && <div {...descriptionProps} className="ui-field-description">{description}</div>}
      {errorMessage && <div {...errorMessageProps} className="ui-field-error">{errorMessage}</div>}
    </div>
  );
}
