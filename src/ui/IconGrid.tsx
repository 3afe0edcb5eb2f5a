import { useMemo, useRef } from 'react';
import { mergeProps, useFocusRing, useListBox, useLocale, useOption, type Key } from 'react-aria';
import { Item, useListState, type ListState, type Node, type Selection } from 'react-stately';
import { gridKeyboardDelegate } from './gridKeyboardDelegate';
import { Icon } from './Icon';
import './IconGrid.css';

export interface IconChoice {
  name: string;
  /** The icon's accessible name. */
  label: string;
}

export interface IconGridProps {
  /** Names the grid (unless labelledBy names a visible heading). */
  label: string;
  labelledBy?: string;
  icons: IconChoice[];
  /** The icon in use now (marked selected, focused first). */
  selected: string;
  onSelect: (name: string) => void;
  /** Spec 9: the icon picker grid has 8 columns. */
  columns?: number;
}

function firstKey(selection: Selection): Key | undefined {
  return selection === 'all' ? undefined : selection.values().next().value;
}

/**
 * A grid of icons to choose one from: a react-aria listbox laid out in rows, arrow keys moving in two dimensions,
 * Enter, Space or a click choosing. Loads react-aria: import it lazily.
 */
export function IconGrid({ label, labelledBy, icons, selected, onSelect, columns = 8 }: IconGridProps) {
  const ref = useRef<HTMLUListElement>(null);
  const { direction } = useLocale();
  const state = useListState<IconChoice>({
    items: icons,
    children: (item) => <Item key={item.name} textValue={item.label}>{item.label}</Item>,
    selectionMode: 'single',
    disallowEmptySelection: true,
    selectedKeys: [selected],
    onSelectionChange: (selection) => {
      const key = firstKey(selection);
      if (key !== undefined && key !== selected) onSelect(String(key));
    },
  });
  const keys = useMemo(() => icons.map((icon) => icon.name), [icons]);
  const keyboardDelegate = useMemo(() => gridKeyboardDelegate(keys, columns, direction), [keys, columns, direction]);
  // Escape belongs to the popover around the grid (it closes it), not to clearing the selection.
  const { listBoxProps } = useListBox({ 'aria-label': labelledBy ? undefined : label, 'aria-labelledby': labelledBy, autoFocus: true, keyboardDelegate, escapeKeyBehavior: 'none' }, state, ref);
  return (
    <ul {...listBoxProps} ref={ref} className="ui-icon-grid" style={{ gridTemplateColumns: `repeat(${columns}, 2.25rem)` }}>
      {[...state.collection].map((node) => <IconOption key={node.key} node={node} state={state} />)}
    </ul>
  );
}

function IconOption({ node, state }: { node: Node<IconChoice>; state: ListState<IconChoice> }) {
  const ref = useRef<HTMLLIElement>(null);
  const { optionProps, isSelected, isFocused } = useOption({ key: node.key, 'aria-label': node.textValue }, state, ref);
  const { focusProps, isFocusVisible } = useFocusRing();
  return (
    <li
      {...mergeProps(optionProps, focusProps)}
      ref={ref}
      className="ui-icon-grid-option"
      title={node.textValue}
      data-selected={isSelected || undefined}
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-icon-name={String(node.key)}
    >
      <Icon name={String(node.key)} />
    </li>
  );
}
