import useSWR, { type SWRConfiguration } from 'swr';
import { type CallDef, type CallInput, pathOf, type ReplyData } from '../../shared/contract';
import { request } from '../api/client';
import { unwrap } from './fetcher';

/**
 * The SWR key of a declared read: its path (with parameters filled in), then its query and, for the reads the
 * spec makes by POST (course/bycate, getcourselist...), its body, so useRevalidate('tag/admin/list') refetches
 * every page of a list and two bodies never share an entry.
 */
export function callKey<C extends CallDef>(def: C, input?: CallInput<C>): string | [string, unknown, unknown?] {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  const path = pathOf(def, parts.params);
  if (parts.body !== undefined) return [path, parts.query ?? null, parts.body];
  return parts.query === undefined ? path : [path, parts.query];
}

/** Reads a declared call through SWR (a GET, or a read the spec makes by POST); `null` input waits (a conditional fetch). */
export function useCall<C extends CallDef>(
  def: C,
  input: CallInput<C> | null,
  config?: SWRConfiguration<ReplyData<C>>,
) {
  const key = input === null ? null : callKey(def, input);
  return useSWR<ReplyData<C>>(key, () => unwrap(request(def, ...([input] as [CallInput<C>]))), config);
}
