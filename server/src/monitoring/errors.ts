/**
 * A status query the caller got wrong (an unknown field, a bad filter value or paging parameter). The message is
 * written for people; the HTTP boundary (app.ts's error handler) answers it as a 400.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}
