/** The one reply shape of every call (spec 7): {status, error, data}. */
export type Ok<T> = { status: 'ok'; error: null; data: T };
export type Failure = { status: 'error'; error: string; data: unknown };
export type Reply<T> = Ok<T> | Failure;

/** Stable error strings (spec 8 names 'no login' and 'invalid sid'). */
export const ERRORS = {
  badInput: 'bad input',
  noLogin: 'no login',
  invalidSid: 'invalid sid',
  forbidden: 'forbidden',
  notFound: 'not found',
  conflict: 'conflict',
  tooMany: 'too many attempts',
  badCredentials: 'wrong username or password',
  server: 'server error',
} as const;
export type ErrorCode = (typeof ERRORS)[keyof typeof ERRORS];

export function ok<T>(data: T): Ok<T> {
  return { status: 'ok', error: null, data };
}

/** A server reply counts as success only when status equals ok (spec 5). */
export function isOk<T>(reply: Reply<T> | null | undefined): reply is Ok<T> {
  return !!reply && reply.status === 'ok';
}
