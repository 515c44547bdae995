import { useEffect, type RefObject } from 'react';

/**
 * A dialog's focus: on open the first element matching `first` inside it (or the dialog itself) takes focus;
 * on close focus goes back to whatever had it before, normally the control that opened the dialog.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, first?: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: on open and on close only
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current;
    ((first && box?.querySelector<HTMLElement>(first)) || box)?.focus();
    return () => previous?.focus?.();
  }, []);
}
