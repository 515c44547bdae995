import { TOAST_MS } from '../../../shared/constants';

export interface ToastItem {
  id: number;
  text: string;
}

export interface AlertOptions {
  /** Defaults to the catalogue's notice title (提示). */
  title?: string;
  text: string;
  okText?: string;
  /** Giving a cancel text (or confirm: true) turns the alert into a confirm with a cancel button. */
  cancelText?: string;
  confirm?: boolean;
}

export interface AlertItem extends AlertOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

interface State {
  toasts: ToastItem[];
  alerts: AlertItem[];
}

let state: State = { toasts: [], alerts: [] };
let nextId = 1;
const listeners = new Set<() => void>();

function update(change: (previous: State) => State) {
  state = change(state);
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getState = () => state;

/** Shows a short message in the middle of the screen for ms milliseconds (default 2000). */
export function toast(text: string, ms: number = TOAST_MS): void {
  const id = nextId++;
  update((s) => ({ ...s, toasts: [...s.toasts, { id, text }] }));
  window.setTimeout(() => update((s) => ({ ...s, toasts: s.toasts.filter((item) => item.id !== id) })), ms);
}

/** Opens the alert dialog; resolves true on OK, false on cancel (cancel exists only in confirm mode). */
export function alert(options: AlertOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    const item: AlertItem = {
      ...options,
      id,
      resolve: (ok) => {
        update((s) => ({ ...s, alerts: s.alerts.filter((a) => a.id !== id) }));
        resolve(ok);
      },
    };
    update((s) => ({ ...s, alerts: [...s.alerts, item] }));
  });
}

/** The alert in confirm mode: OK and cancel. */
export function confirm(options: Omit<AlertOptions, 'confirm'>): Promise<boolean> {
  return alert({ ...options, confirm: true });
}
