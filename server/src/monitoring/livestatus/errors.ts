/** Why a Livestatus exchange failed; `code` lets callers tell a stopped engine from a broken or hostile peer. */
export type LivestatusErrorCode =
  | 'connect' // refused, no such socket, no permission, unresolvable host
  | 'connect_timeout'
  | 'timeout' // connected, but no complete answer in time (frozen, overloaded, slow drip)
  | 'closed' // the peer closed before the answer was complete
  | 'reset'
  | 'bad_header' // no fixed16 header, or bytes beyond the announced length
  | 'too_large'
  | 'bad_json'
  | 'status' // the peer answered with an error status (4xx/5xx)
  | 'bad_query' // refused before sending: the query or command itself is invalid
  | 'aborted';

export class LivestatusError extends Error {
  override readonly name = 'LivestatusError';

  /**
   * @param reason what went wrong, without the address, for operators (shown as is in the system status)
   * @param status the Livestatus status code, for `code === 'status'`
   */
  constructor(readonly code: LivestatusErrorCode, readonly reason: string, readonly where = '', readonly status = 0) {
    super(where ? `Livestatus at ${where}: ${reason}` : reason);
  }
}

/** Printable and short: peers control this text, and it ends up in logs and pages. */
export function excerpt(text: string, max = 120): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  const clean = text.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** `err` with the peer's address in its message, when it is a LivestatusError raised before any I/O. */
export function located(err: unknown, where: string): unknown {
  return err instanceof LivestatusError && !err.where ? new LivestatusError(err.code, err.reason, where, err.status) : err;
}
