import { useId } from 'react';
import './Field.css';

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  'data-testid'?: string;
}

/** A labelled native select: the platform's own list (best on TVs and phones), styled like the text fields. */
export function SelectField({ label, value, onChange, options, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="ui-field" data-type="select">
      <label htmlFor={id} className="ui-field-label">{label}</label>
      <select id={id} className="ui-field-input" value={value} onChange={(e) => onChange(e.target.value)} data-testid={rest['data-testid']}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}
