import { ERRORS, type Failure, type Reply } from '../../shared/envelope';
import { call } from '../api/client';

/** A failed reply as an error SWR can hold. */
export class ApiError extends Error {
  constructor(readonly reply: Failure) {
    super(reply.error);
  }
}

/** True for a failed call that means the session is gone (401 'no login' / 'invalid sid'). */
export function isNoLogin(error: unknown): boolean {
  return error instanceof ApiError && (error.reply.error === ERRORS.noLogin || error.reply.error === ERRORS.invalidSid);
}

/** The data of an ok reply, or an ApiError carrying the failed reply (status, error text, data). */
export async function unwrap<T>(reply: Promise<Reply<T>>): Promise<T> {
  const result = await reply;
  if (result.status !== 'ok') throw new ApiError(result);
  return result.data;
}

/** SWR fetcher: GET an API path and resolve its data, or throw ApiError. */
export function fetchData<T>(path: string): Promise<T> {
  return unwrap(call<T>(path));
}
