import { ERRORS } from '../../shared/envelope';

/** An error the client may see: an HTTP status, a stable error string and optional detail data. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(error);
  }
}

export const badInput = (message: string, data: unknown = null) => new AppError(400, message, data);
export const noLogin = () => new AppError(401, ERRORS.noLogin);
export const forbidden = (message: string = ERRORS.forbidden) => new AppError(403, message);
export const notFound = (message: string = ERRORS.notFound) => new AppError(404, message);
export const conflict = (message: string = ERRORS.conflict, data: unknown = null) => new AppError(409, message, data);
export const tooMany = (retryAfterSeconds: number) =>
  new AppError(429, ERRORS.tooMany, { retryAfter: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });
/** A path kept for reading whose change is another method (GET course/pub: the change is POST). */
export const methodNotAllowed = (allow: string) => new AppError(405, 'method not allowed', { allow }, { allow });
