import { useRef, type ReactNode } from 'react';
import { mergeProps, useButton, useDisclosure, useFocusRing } from 'react-aria';
import { useDisclosureState } from 'react-stately';
import { Icon } from './Icon';
import './Disclosure.css';

export interface DisclosureProps {
  title: ReactNode;
  children: ReactNode;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  className?: string;
  /** Heading level of the title inside its landmark. */
  level?: 2 | 3 | 4;
  'data-testid'?: string;
}

/** A collapsible group: a heading with a toggle button and a panel (react-aria disclosure pattern). */
export function Disclosure({ title, children, isExpanded, onExpandedChange, className, level = 3, ...rest }: DisclosureProps) {
  const state = useDisclosureState({ isExpanded, onExpandedChange });
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { buttonProps: triggerProps, panelProps } = useDisclosure({ isExpanded, onExpandedChange }, state, panelRef);
  const { buttonProps } = useButton(triggerProps, buttonRef);
  const { focusProps, isFocusVisible } = useFocusRing();
  const Heading = `h${level}` as const;
  return (
    <div className={['ui-disclosure', className].filter(Boolean).join(' ')} data-expanded={state.isExpanded || undefined} data-testid={rest['data-testid']}>
      <Heading className="ui-disclosure-heading">
        <button {...mergeProps(buttonProps, focusProps)} ref={buttonRef} className="ui-disclosure-button" data-focus-visible={isFocusVisible || undefined}>
          <Icon name="chevron-right" size={16} className="ui-disclosure-chevron" />
          <span>{title}</span>
        </button>
      </Heading>
      <div {...panelProps} ref={panelRef} className="ui-disclosure-panel">
        {children}
      </div>
    </div>
  );
}
