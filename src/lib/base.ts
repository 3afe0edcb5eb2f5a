/** The product path prefix ({base} in the spec); Vite's base, always with a trailing slash. */
export const BASE: string = normaliseBase(import.meta.env.BASE_URL);

export function normaliseBase(raw: string | undefined): string {
  const trimmed = (raw ?? '/').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** A path relative to the base (leading slashes ignored) as an absolute path. */
export function withBase(path: string, base: string = BASE): string {
  return base + path.replace(/^\/+/, '');
}

/** An absolute pathname without the base; paths outside the base come back without their leading slash. */
export function stripBase(pathname: string, base: string = BASE): string {
  if (pathname.startsWith(base)) return pathname.slice(base.length);
  if (`${pathname}/` === base) return '';
  return pathname.replace(/^\/+/, '');
}
