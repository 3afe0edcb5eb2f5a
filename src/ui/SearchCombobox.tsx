import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import './SearchCombobox.css';

export interface ComboboxOption {
  id: string;
  label: string;
  detail?: string;
}

export interface ComboboxGroup<T extends ComboboxOption> {
  id: string;
  label: string;
  options: readonly T[];
}

export interface SearchComboboxProps<T extends ComboboxOption> {
  /** The input's accessible name. */
  label: string;
  /** The result list's accessible name. */
  listLabel: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  groups: readonly ComboboxGroup<T>[];
  onPick: (option: T) => void;
  /** Lookups still running: the list says it is busy. */
  isBusy?: boolean;
  /** Rendered under the list (a status line, an error). */
  children?: ReactNode;
  autoFocus?: boolean;
}

/**
 * An input that filters an always-visible list of grouped options (WAI-ARIA combobox with a listbox popup).
 * Focus stays in the input; the active option is pointed to with aria-activedescendant. Arrow keys move
 * (wrapping), Enter picks, the pointer hovers and clicks. Escape is left to the surrounding dialog.
 */
export function SearchCombobox<T extends ComboboxOption>({ label, listLabel, placeholder, value, onChange, groups, onPick, isBusy, children, autoFocus }: SearchComboboxProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const options = groups.flatMap((g) => g.options);
  const [activeId, setActiveId] = useState<string | null>(null);
  // A vanished active option (new results) hands over to the first one.
  const activeIndex = Math.max(0, options.findIndex((o) => o.id === activeId));
  const active = options[activeIndex];
  const domId = (index: number): string => `${id}-option-${index}`;
  const activeDomId = active ? domId(activeIndex) : undefined;

  useEffect(() => {
    if (activeDomId) document.getElementById(activeDomId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeDomId]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.nativeEvent.isComposing || options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveId(options[(activeIndex + step + options.length) % options.length]!.id);
    } else if (e.key === 'Enter' && active) {
      e.preventDefault();
      onPick(active);
    }
  };

  let index = 0;
  return (
    <div className="ui-combobox">
      <input
        type="text"
        role="combobox"
        className="ui-combobox-input"
        aria-label={label}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeDomId}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          setActiveId(null);
          onChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        autoFocus={autoFocus}
      />
      <div id={listId} role="listbox" aria-label={listLabel} aria-busy={isBusy || undefined} className="ui-combobox-list">
        {groups.map((group, groupIndex) => group.options.length > 0 && (
          <div key={group.id} role="group" aria-labelledby={`${id}-group-${groupIndex}`} className="ui-combobox-group">
            <div id={`${id}-group-${groupIndex}`} role="presentation" className="ui-combobox-group-label">{group.label}</div>
            {group.options.map((option) => {
              const optionIndex = index++;
              return (
                // Keyboard use goes through the input (aria-activedescendant); options take pointer input only.
                <div
                  key={option.id}
                  id={domId(optionIndex)}
                  role="option"
                  aria-selected={optionIndex === activeIndex}
                  className="ui-combobox-option"
                  data-active={optionIndex === activeIndex || undefined}
                  onPointerMove={() => {
                    if (option.id !== active?.id) setActiveId(option.id);
                  }}
                  // Keeps focus (and the caret) in the input.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onPick(option)}
                >
                  <span className="ui-combobox-option-label">{option.label}</span>
                  {option.detail && <span className="ui-combobox-option-detail">{option.detail}</span>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {children}
    </div>
  );
}
