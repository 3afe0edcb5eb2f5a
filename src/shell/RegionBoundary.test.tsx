import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegionBoundary } from './RegionBoundary';

function Broken(): never {
  throw new Error('region broke');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RegionBoundary', () => {
  it('shows only the failing region\'s fallback while its neighbours keep rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <RegionBoundary region="footer" fallback="Failed to load the footer."><Broken /></RegionBoundary>
        <RegionBoundary region="header" fallback="Failed to load the header."><p>Header works</p></RegionBoundary>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the footer.');
    expect(screen.getByText('Header works')).toBeTruthy();
    expect(screen.queryByText('Failed to load the header.')).toBeNull();
  });

  it('tries again when its reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('once');
      return <p>Recovered</p>;
    }
    const { rerender } = render(<RegionBoundary region="content" fallback="Application Error" resetKey="a"><Flaky /></RegionBoundary>);
    expect(screen.getByRole('alert').textContent).toBe('Application Error');
    fail = false;
    rerender(<RegionBoundary region="content" fallback="Application Error" resetKey="b"><Flaky /></RegionBoundary>);
    expect(screen.getByText('Recovered')).toBeTruthy();
  });
});
