import { useSWRConfig } from 'swr';

/**
 * Refetches every cached list or record whose SWR key starts with one of the names (a string key, or
 * the first element of an array key): lists are cached per query, and a change made on one screen must
 * show on the others even within SWR's two-second de-duplication window.
 */
export function useRevalidate(): (...names: string[]) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (...names) =>
    mutate((key) => {
      const head = Array.isArray(key) ? key[0] : key;
      return typeof head === 'string' && names.some((name) => head.startsWith(name));
    });
}
