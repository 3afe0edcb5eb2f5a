import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, ICON_NAMES } from './Icon';

/** The symbol ids of one sprite set (src/ui/icons/{set}.svg), which the build puts into the documents. */
function symbols(set: string): string[] {
  const text = fs.readFileSync(path.join(import.meta.dirname, 'icons', `${set}.svg`), 'utf8');
  return [...text.matchAll(/<symbol id="icon-([a-z-]+)"/g)].map((m) => m[1]!);
}

describe('Icon', () => {
  it('has a shape for every name, each drawn once, and the wallboard set holds the fallback dot', () => {
    const common = symbols('common');
    const all = [...common, ...symbols('shell')];
    expect([...all].sort()).toEqual([...ICON_NAMES].sort());
    expect(common).toContain('circle');
  });

  it('draws its shape from the sprite, and an unknown name as the dot', () => {
    const { container } = render(<><Icon name="home" /><Icon name="no-such-icon" label="Odd" /></>);
    const [home, odd] = [...container.querySelectorAll('svg')];
    expect(home?.querySelector('use')?.getAttribute('href')).toBe('#icon-home');
    expect(home?.getAttribute('aria-hidden')).toBe('true');
    expect(odd?.querySelector('use')?.getAttribute('href')).toBe('#icon-circle');
    expect(odd?.getAttribute('role')).toBe('img');
    expect(odd?.getAttribute('aria-label')).toBe('Odd');
  });
});
