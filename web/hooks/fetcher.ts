import type { Failure } from '../../shared/envelope';
import { call } from '../api/client';

/** A failed reply as an error SWR can hold. */
export class ApiError extends Error {
  constructor(readonly reply: Failure) {
    super(reply.error);
  }
}

/** SWR fetcher: GET an API path and resolve its data, or throw ApiError. */
export async function fetchData<T>(path: string): Promise<T> {
  const reply = await call<T>(path);
  if (reply.status !== 'ok') throw new ApiError(reply);
  return reply.data;
}
