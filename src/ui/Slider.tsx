import { useRef } from 'react';
import { I18nProvider, mergeProps, useFocusRing, useNumberFormatter, useSlider, useSliderThumb, VisuallyHidden } from 'react-aria';
import { useSliderState } from 'react-stately';
import './Slider.css';

export interface SliderProps {
  label: string;
  value: number;
  /** Spec 9 defaults: 0 to 100, step 1. */
  minValue?: number;
  maxValue?: number;
  step?: number;
  /** Every change while moving. */
  onChange: (value: number) => void;
  /** Once a move ends (pointer released, or each key press): the moment to save. */
  onChangeEnd?: (value: number) => void;
  /** How the value is spoken and shown, e.g. a unit. */
  formatOptions?: Intl.NumberFormatOptions;
  /** The app's language as a BCP 47 tag (en-US), for the number format; the browser's otherwise. */
  locale?: string;
  'data-testid'?: string;
}

/** Spec 9: page keys and Shift+arrows move by ten steps, whatever the range. */
export const PAGE_STEPS = 10;

/**
 * A single-thumb slider (react-aria useSlider): arrow keys move by one step, Page Up/Down and Shift+arrows by ten,
 * Home/End to the ends; the thumb is a native range input for assistive tech. Loads react-aria: import it lazily.
 */
export function Slider({ locale, ...props }: SliderProps) {
  return locale ? <I18nProvider locale={locale}><SliderControl {...props} /></I18nProvider> : <SliderControl {...props} />;
}

function SliderControl({ label, value, minValue = 0, maxValue = 100, step = 1, onChange, onChangeEnd, formatOptions, ...rest }: Omit<SliderProps, 'locale'>) {
  const trackRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const numberFormatter = useNumberFormatter(formatOptions);
  const props = {
    label, value, minValue, maxValue, step, numberFormatter,
    onChange: (v: number | number[]) => onChange(Array.isArray(v) ? v[0]! : v),
    onChangeEnd: (v: number | number[]) => onChangeEnd?.(Array.isArray(v) ? v[0]! : v),
  };
  const base = useSliderState(props);
  const state = { ...base, pageSize: step * PAGE_STEPS };
  const { groupProps, trackProps, labelProps, outputProps } = useSlider(props, state, trackRef);
  const { thumbProps, inputProps, isDragging } = useSliderThumb({ index: 0, trackRef, inputRef }, state);
  const { focusProps, isFocusVisible } = useFocusRing();
  return (
    <div {...groupProps} className="ui-slider" data-testid={rest['data-testid']}>
      <div className="ui-slider-header">
        <label {...labelProps} className="ui-slider-label">{label}</label>
        <output {...outputProps} className="ui-slider-output">{state.getThumbValueLabel(0)}</output>
      </div>
      <div {...trackProps} ref={trackRef} className="ui-slider-track">
        <div className="ui-slider-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
        <div
          {...thumbProps}
          className="ui-slider-thumb"
          data-dragging={isDragging || undefined}
          data-focus-visible={isFocusVisible || undefined}
        >
          <VisuallyHidden>
            <input ref={inputRef} {...mergeProps(inputProps, focusProps)} />
          </VisuallyHidden>
        </div>
      </div>
    </div>
  );
}
