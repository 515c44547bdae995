import type { Reply } from '../../shared/envelope';
import { type CallDef, type CallInput, type Method, pathOf, type ReplyData } from '../../shared/contract';

/** The error text of a call that never got an answer (spec 8). */
export const NETWORK_ERROR = 'Network Error!';

let apiPrefix = '/';
let release: 'lan' | 'online' = 'lan';

/** Sets the API prefix (default '/') and the release (default 'lan') from the bootstrap. */
export function configureClient(options: { apiPrefix: string; ver?: 'lan' | 'online' }): void {
  apiPrefix = options.apiPrefix.endsWith('/') ? options.apiPrefix : `${options.apiPrefix}/`;
  release = options.ver ?? 'lan';
}

/** The release this page was served by (bootstrap ver). */
export const currentRelease = () => release;

/** The absolute URL of an API path such as 'do/login'. */
export function apiUrl(path: string, query?: Record<string, string | number | boolean | undefined>): string {
  let url = apiPrefix + path.replace(/^\/+/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  return url;
}

export interface CallOptions {
  method?: Method;
  /** Sent as JSON, or as multipart when it is a FormData (file uploads without progress). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

/**
 * The one fetch client: sends JSON with the session cookie and answers the server's
 * {status, error, data} reply. A transport failure or a non-JSON answer becomes an error reply.
 */
export async function call<T>(path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body:
        options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch {
    return { status: 'error', error: NETWORK_ERROR, data: null };
  }
  try {
    const reply = (await response.json()) as Reply<T>;
    if (reply && (reply.status === 'ok' || reply.status === 'error')) return reply;
  } catch {
    // fall through: not a JSON envelope
  }
  return { status: 'error', error: `HTTP ${response.status}`, data: { httpStatus: response.status } };
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * Makes a declared call (shared/contract.ts): the method, path and input come from the one declaration the
 * server registers from, so the reply's type follows the server's reply schema.
 */
export function request<C extends CallDef>(
  def: C,
  ...[input, options]: {} extends CallInput<C>
    ? [input?: CallInput<C>, options?: { signal?: AbortSignal }]
    : [input: CallInput<C>, options?: { signal?: AbortSignal }]
): Promise<Reply<ReplyData<C>>> {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  return call<ReplyData<C>>(pathOf(def, parts.params), {
    method: def.method,
    query: parts.query,
    body: parts.body,
    signal: options?.signal,
  });
}
