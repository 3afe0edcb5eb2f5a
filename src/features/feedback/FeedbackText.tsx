import { useId } from 'react';
import '../../ui/Field.css';

export interface FeedbackTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The feedback itself: a labelled multi-line field (src/ui has single-line fields only). */
export function FeedbackText({ label, value, onChange }: FeedbackTextProps) {
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id} className="ui-field-label">{label}</label>
      <textarea id={id} name="feedback" className="ui-field-input feedback-text" rows={6} maxLength={10_000} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </div>
  );
}
