import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../lib/initTestI18n.test-utils';
import { ErrorDialog } from './ErrorDialog';

beforeAll(initTestI18n);
afterEach(cleanup);

describe('ErrorDialog (spec 8)', () => {
  it('titles the dialog with the product, shows the variant message and offers Reload and Switch to Modern', () => {
    const onSwitch = vi.fn(async () => undefined);
    render(<ErrorDialog product="Nagios XI" message="Failed to load your account settings." onClose={() => {}} onSwitch={onSwitch} />);
    expect(screen.getByRole('heading', { name: 'Nagios XI encountered an unexpected error.', hidden: true })).toBeTruthy();
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Failed to load your account settings.');
    expect(screen.getByRole('button', { name: 'Reload', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Modern', hidden: true }));
    expect(onSwitch).toHaveBeenCalledOnce();
  });

  it('closes on request, so the rest of the app stays usable', () => {
    const onClose = vi.fn();
    render(<ErrorDialog message="Failed to load Page Actions." onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
