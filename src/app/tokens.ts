/** Layout constants shared with theme.css (media queries cannot read custom properties, so these are the source). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** The spacing unit in px; paddings and gaps are multiples of it. */
export const SPACING = 8;
export const RADIUS = 4;

export function spacing(multiple: number): string {
  return `${multiple * SPACING}px`;
}

/** A media query for "this breakpoint and wider", e.g. `window.matchMedia(up('md'))`. */
export function up(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}
