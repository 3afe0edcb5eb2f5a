import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from './Link';
import { RouterProvider } from './RouterProvider';

afterEach(cleanup);

describe('Link', () => {
  it('gives new-tab links noopener noreferrer', () => {
    render(<Link href="https://example.com/" target="_blank">Example</Link>);
    const link = screen.getByRole('link', { name: 'Example' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('marks the current page for assistive technology and CSS', () => {
    render(<Link href="/nagiosxi/" aria-current="page">Home</Link>);
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.hasAttribute('data-current')).toBe(true);
  });

  it('navigates in the app on a plain click of a same-origin link, and leaves other clicks to the browser', () => {
    const navigate = vi.fn();
    render(
      <RouterProvider navigate={navigate}>
        <Link href="/nagiosxi/reports/">Reports</Link>
        <Link href="/nagiosxi/dashboards/manage.php" target="_top">Manage</Link>
        <Link href="https://example.com/">Elsewhere</Link>
      </RouterProvider>,
    );
    const inApp = fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    expect(inApp).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/nagiosxi/reports/');

    navigate.mockClear();
    expect(fireEvent.click(screen.getByRole('link', { name: 'Reports' }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Manage' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lets a caller take over the click', () => {
    const navigate = vi.fn();
    render(
      <RouterProvider navigate={navigate}>
        <Link href="/nagiosxi/reports/" onClick={(e) => e.preventDefault()}>Reports</Link>
      </RouterProvider>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    expect(navigate).not.toHaveBeenCalled();
  });
});
