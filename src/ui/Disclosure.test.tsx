import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Disclosure } from './Disclosure';

afterEach(cleanup);

function Group() {
  const [open, setOpen] = useState(true);
  return <Disclosure title="Quick View" isExpanded={open} onExpandedChange={setOpen}><a href="/x">Host Status</a></Disclosure>;
}

describe('Disclosure', () => {
  it('toggles its panel from the heading button and exposes the state', () => {
    render(<Group />);
    const button = screen.getByRole('button', { name: 'Quick View' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Host Status' })).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Host Status' })).toBeNull();
    expect(button.closest('[data-expanded]')).toBeNull();
  });
});
