import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link } from './Link';

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
});
