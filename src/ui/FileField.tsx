import { useRef, type ChangeEvent } from 'react';
import { mergeProps, useField, useFocusRing } from 'react-aria';
import './Field.css';

export interface FileFieldProps {
  label: string;
  /** The chosen file, or null when the choice was cleared. */
  onChange: (file: File | null) => void;
  /** A hint for the browser's file picker (e.g. `.txt,text/plain`); the caller still validates the file. */
  accept?: string;
  name?: string;
  description?: string;
  /** Shown under the field and marks it invalid; announced when it appears. */
  errorMessage?: string;
  isDisabled?: boolean;
  'data-testid'?: string;
}

/** A labelled native file input (react-aria useField): keyboard and screen readers get the browser's own picker. */
export function FileField({ label, description, errorMessage, onChange, accept, name, isDisabled, ...rest }: FileFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const { labelProps, fieldProps, descriptionProps, errorMessageProps } = useField({ label, description, errorMessage, isInvalid: Boolean(errorMessage) });
  const { focusProps, isFocusVisible } = useFocusRing();
  const handle = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.files?.[0] ?? null);
  return (
    <div className="ui-field" data-type="file" data-invalid={errorMessage ? true : undefined} data-focus-visible={isFocusVisible || undefined}>
      <label {...labelProps} className="ui-field-label">{label}</label>
      <input
        {...mergeProps(fieldProps, focusProps)}
        ref={ref}
        type="file"
        name={name}
        accept={accept}
        disabled={isDisabled}
        aria-invalid={errorMessage ? true : undefined}
        className="ui-field-input"
        onChange={handle}
        data-testid={rest['data-testid']}
      />
      {description && <div {...descriptionProps} className="ui-field-description">{description}</div>}
      {errorMessage && <div {...errorMessageProps} className="ui-field-error" role="alert">{errorMessage}</div>}
    </div>
  );
}
