import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('is a native button that runs onPress, and nothing while disabled', () => {
    const onPress = vi.fn();
    const { rerender } = render(<Button onPress={onPress}>Reload</Button>);
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    rerender(<Button onPress={onPress} isDisabled>Reload</Button>);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('runs handlers from another wrapper as well as its own', () => {
    const onPress = vi.fn();
    const onClick = vi.fn();
    render(<Button onPress={onPress} domProps={{ onClick }}>Open</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
