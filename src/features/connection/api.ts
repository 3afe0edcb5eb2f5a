import { ApiError, http } from '../../lib/http';
import type { Outcome } from './model';

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 401) return 'unauthorized';
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return 'ok';
  return 'unreachable';
}

/** Spec 7: ajaxhelper keepalive with nsp; sent whatever the connection state, since it is how the state is learnt. */
export function keepAlive(): Promise<Outcome> {
  return http.get('ajaxhelper.php', { params: { cmd: 'keepalive' }, write: true, probe: true }).then((): Outcome => 'ok', outcomeOf);
}

/** The cheapest authenticated read: any answer but 5xx means the server is back, a 401 that the session is not. */
export function probe(): Promise<Outcome> {
  return http.get('api/v2/account/auth').then((): Outcome => 'ok', outcomeOf);
}
