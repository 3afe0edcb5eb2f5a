/**
 * The parameter that tells a classic page it is on a wall (server/src/pages/layout.ts, WALL_PARAM): it sizes its text
 * for the room instead of a desk.
 */
export const WALL_PARAM = 'wall';

/**
 * A page of the rotation as the wallboard frames it: the same address with `wall=1`, before any fragment. The address
 * was checked before (same origin, under the base) and stays so: only its query grows. One that names the parameter
 * itself keeps its own.
 */
export function wallPageUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const path = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = path.indexOf('?');
  if (queryAt >= 0 && new URLSearchParams(path.slice(queryAt)).has(WALL_PARAM)) return url;
  const joint = queryAt < 0 ? '?' : /[?&]$/.test(path) ? '' : '&';
  return `${path}${joint}${WALL_PARAM}=1${fragment}`;
}
