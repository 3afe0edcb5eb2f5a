import { ApiError, type HttpClient } from '../../lib/http';
import type { Outcome, ProbeAnswer } from './model';

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 401) return 'unauthorized';
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return 'ok';
  return 'unreachable';
}

export interface ConnectionApi {
  /** Spec 7: ajaxhelper keepalive with nsp; sent whatever the connection state, since it is how the state is learnt. */
  keepAlive(): Promise<Outcome>;
  /**
   * The cheapest authenticated read: any answer but 5xx means the server is back, a 401 that the session is not. A 5xx
   * with `Retry-After` (the database restarting, a process closing, the proxy with no process to send to) says when.
   */
  probe(): Promise<ProbeAnswer>;
}

export function createConnectionApi(http: Pick<HttpClient, 'get'>): ConnectionApi {
  return {
    keepAlive: () => http.get('ajaxhelper.php', { params: { cmd: 'keepalive' }, write: true, probe: true }).then((): Outcome => 'ok', outcomeOf),
    probe: () => http.get('api/v2/account/auth').then((): ProbeAnswer => 'ok', (error: unknown): ProbeAnswer => {
      const outcome = outcomeOf(error);
      return outcome === 'unreachable' && error instanceof ApiError && error.retryAfterMs !== undefined
        ? { outcome, retryAfterMs: error.retryAfterMs }
        : outcome;
    }),
  };
}
