/**
 * The HTTP tests' one way to call the app: `injectAs(app, who)` sends requests as a signed-in user (the cookie
 * header or a login() result) or as a guest (null or ''), and `data(res)` reads the { status, error, data } reply
 * after checking its HTTP status. Replaces the request helpers each test file used to copy.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** Whom a request comes from: a cookie header, a login() result, or a guest (null, undefined or ''). */
export type Who = string | { cookie: string } | null | undefined;

export type Reply = LightMyRequestResponse;

/** The body every JSON call answers with (server/lib/reply). */
export interface Envelope<T> {
  status: string;
  error: string | null;
  data: T;
}

export interface Caller {
  /**
   * GET url; `as` replaces the caller's user for this one request ('' or null: a guest; undefined: the caller's
   * user); extra headers may follow.
   */
  get(url: string, as?: Who, headers?: Record<string, string>): Promise<Reply>;
  /** POST url with a JSON body. */
  post(url: string, payload?: object, as?: Who, headers?: Record<string, string>): Promise<Reply>;
  /** Any request, with the caller's cookie added to the headers given. */
  inject(options: InjectOptions, as?: Who): Promise<Reply>;
}

const cookieOf = (who: Who): string => (typeof who === 'string' ? who : (who?.cookie ?? ''));

/** Requests to the app as `who`; each method may name another user for one request. */
export function injectAs(app: TestApp, who: Who): Caller {
  const inject = (options: InjectOptions, as: Who = who) => {
    const cookie = cookieOf(as);
    return app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
  };
  return {
    inject,
    get: (url, as, headers) => inject({ method: 'GET', url, headers }, as),
    post: (url, payload, as, headers) => inject({ method: 'POST', url, payload, headers }, as),
  };
}

/** The reply's body as the envelope, without checking the status (for refusals read field by field). */
export function envelope<T = Record<string, unknown>>(res: Reply): Envelope<T> {
  return res.json() as Envelope<T>;
}

/** The reply's `data`, after checking the HTTP status (200 unless given); the body is the failure message. */
export function data<T = Record<string, unknown>>(res: Pick<Reply, 'statusCode' | 'body' | 'json'>, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as Envelope<T>).data;
}

export { waitUntil } from './wait';
