import { ApiError } from '../../lib/http';

/** The `message` of the server's JSON error answer, if the failure was one. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : undefined;
}

/**
 * The server's reason when it refused the input itself (a 4xx but a timeout or a rate limit): sending the same again
 * cannot succeed, so a notice must not say "Please try again" (issue 38) but point at the form, which shows the reason.
 */
export function refusalOf(error: unknown): string | undefined {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
  return refused ? serverMessageOf(error) : undefined;
}
