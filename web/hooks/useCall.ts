import useSWR, { type SWRConfiguration } from 'swr';
import { type CallDef, type CallInput, pathOf, type ReplyData } from '../../shared/contract';
import { request } from '../api/client';
import { unwrap } from './fetcher';

/**
 * The SWR key of a declared GET call: its path (with parameters filled in), and its query when it has one, so
 * useRevalidate('tag/admin/list') refetches every page of a list.
 */
export function callKey<C extends CallDef>(def: C, input?: CallInput<C>): string | [string, unknown] {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: unknown };
  const path = pathOf(def, parts.params);
  return parts.query === undefined ? path : [path, parts.query];
}

/** Reads a declared GET call through SWR; `null` input waits (a conditional fetch). */
export function useCall<C extends CallDef>(def: C, input: CallInput<C> | null, config?: SWRConfiguration<ReplyData<C>>) {
  const key = input === null ? null : callKey(def, input);
  return useSWR<ReplyData<C>>(key, () => unwrap(request(def, ...([input] as [CallInput<C>]))), config);
}
