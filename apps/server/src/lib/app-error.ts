/** The one error type services throw; the error handler maps it to its HTTP status and body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  static badRequest(message: string, fields?: Record<string, string>) {
    return new AppError(400, 'BAD_REQUEST', message, fields);
  }
  static unauthorized(message = 'Authentication required') {
    return new AppError(401, 'UNAUTHORIZED', message);
  }
  static forbidden(message = 'You do not have permission to do this') {
    return new AppError(403, 'FORBIDDEN', message);
  }
  static notFound(message = 'Not found') {
    return new AppError(404, 'NOT_FOUND', message);
  }
  static conflict(message: string, fields?: Record<string, string>) {
    return new AppError(409, 'CONFLICT', message, fields);
  }
  static tooManyRequests(message: string, retryAfterSeconds?: number) {
    const error = new AppError(429, 'TOO_MANY_REQUESTS', message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  /** Sent as Retry-After with a 429, so clients and proxies know when to try again. */
  retryAfterSeconds: number | undefined;
  static serviceUnavailable(message: string) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', message);
  }
}
