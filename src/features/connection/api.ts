import { ApiError, type HttpClient } from '../../lib/http';
import type { Outcome } from './model';

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 401) return 'unauthorized';
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return 'ok';
  return 'unreachable';
}

export interface ConnectionApi {
  /** Spec 7: ajaxhelper keepalive with nsp; sent whatever the connection state, since it is how the state is learnt. */
  keepAlive(): Promise<Outcome>;
  /** The cheapest authenticated read: any answer but 5xx means the server is back, a 401 that the session is not. */
  probe(): Promise<Outcome>;
}

export function createConnectionApi(http: Pick<HttpClient, 'get'>): ConnectionApi {
  return {
    keepAlive: () => http.get('ajaxhelper.php', { params: { cmd: 'keepalive' }, write: true, probe: true }).then((): Outcome => 'ok', outcomeOf),
    probe: () => http.get('api/v2/account/auth').then((): Outcome => 'ok', outcomeOf),
  };
}
