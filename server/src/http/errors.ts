/** An error whose message is safe to show to the user; the status says whose fault it was. */
export class HttpError extends Error {
  constructor(public readonly status: number, message: string) {
    super(message);
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
export const unauthorized = (): HttpError => new HttpError(401, 'Your session has timed out.');
