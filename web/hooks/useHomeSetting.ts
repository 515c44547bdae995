/**
 * The school's home setting as the pages show it: the user page data from the server, replaced live by
 * a 'homesetting' window message (spec 7: the back office's preview sends the setting as JSON text).
 * Messages are accepted from this origin and the school's exam platform (yks) only and must pass the same schema the server saves with.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { HomeSetting } from '../../shared/schemas/home-setting';
import { useBootstrap } from '../bootstrap';
import { isPlatformOrigin } from '../lib/yks-bridge';
import { useUserPage } from './useCatalogue';

let live: HomeSetting | null = null;
const listeners = new Set<() => void>();
let installed = false;

let reader: Promise<typeof import('./home-setting-message')> | null = null;

async function handleMessage(event: MessageEvent) {
  // This origin (the back office's preview) or the school's exam platform framing the page (yks mode).
  if (event.origin !== window.location.origin && !isPlatformOrigin(event.origin)) return;
  reader ??= import('./home-setting-message');
  const setting = (await reader).readHomeSettingMessage(event.data);
  if (!setting) return;
  live = setting;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (!installed) {
    window.addEventListener('message', (event) => void handleMessage(event));
    installed = true;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last setting a 'homesetting' message carried, or null. */
export const useLiveHomeSetting = () =>
  useSyncExternalStore(
    subscribe,
    () => live,
    () => null,
  );

/**
 * The home setting of the page's school: the live one once a message came, else the fetched one.
 * With delayMs the fetch starts that much later (the footer's 1 s, spec 9), unless another part of
 * the page already asked (the request is shared).
 */
export function useHomeSetting(options: { delayMs?: number } = {}) {
  const boot = useBootstrap();
  const delay = options.delayMs ?? 0;
  const [ready, setReady] = useState(delay <= 0);
  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(() => setReady(true), delay);
    return () => window.clearTimeout(timer);
  }, [ready, delay]);
  const liveSetting = useLiveHomeSetting();
  const page = useUserPage(ready ? boot.hashUID : null);
  const fetched = ready ? page.data : undefined;
  return {
    setting: liveSetting ?? fetched?.setting ?? null,
    page: fetched ?? null,
    error: page.error as unknown,
    isLoading: ready && page.isLoading,
  };
}
