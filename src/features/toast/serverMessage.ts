import { ApiError } from '../../lib/http';

/** The `message` of the server's JSON error answer, if the failure was one. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : undefined;
}
