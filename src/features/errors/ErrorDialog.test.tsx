import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createTestAppContext } from '../../app/TestProviders.test-utils';
import { ErrorDialog } from './ErrorDialog';

/** The app's providers (the texts, and the http client behind Switch to Modern) around what a test renders. */
const wrapper = ({ children }: { children: ReactNode }) => <AppProviders app={createTestAppContext()}>{children}</AppProviders>;

afterEach(cleanup);

describe('ErrorDialog (spec 8)', () => {
  it('titles the dialog with the product, shows the variant message and offers Reload and Switch to Modern', () => {
    const onSwitch = vi.fn(async () => undefined);
    render(<ErrorDialog product="Nagios XI" message="Failed to load your account settings." onClose={() => {}} onSwitch={onSwitch} />, { wrapper });
    expect(screen.getByRole('heading', { name: 'Nagios XI encountered an unexpected error.', hidden: true })).toBeTruthy();
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Failed to load your account settings.');
    expect(screen.getByRole('button', { name: 'Reload', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Modern', hidden: true }));
    expect(onSwitch).toHaveBeenCalledOnce();
  });

  it('closes on request, so the rest of the app stays usable', () => {
    const onClose = vi.fn();
    render(<ErrorDialog message="Failed to load Page Actions." onClose={onClose} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
