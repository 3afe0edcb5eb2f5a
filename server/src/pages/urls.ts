export type QueryValues = Record<string, string | number | undefined | null>;

/** `path?query` with empty values dropped, so links stay short and stable. */
export function withQuery(path: string, params: QueryValues): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const STATUS_PATH = 'includes/components/xicore/status.php';

export function statusUrl(base: string, params: QueryValues): string {
  return withQuery(`${base}${STATUS_PATH}`, params);
}

/** `engine` names the host's engine when several are configured: the same host name on two engines is two hosts. */
export function hostUrl(base: string, host: string, engine?: string): string {
  return statusUrl(base, { show: 'hostdetail', host, engine });
}

export function serviceUrl(base: string, host: string, service: string, engine?: string): string {
  return statusUrl(base, { show: 'servicedetail', host, service, engine });
}
