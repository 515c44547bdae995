import { useEffect } from 'react';
import { DOUBLE_TAP_GUARD_MS } from '../../shared/constants';

/** Blocks double-tap zoom: a second touchend within 300 ms is cancelled (spec 2, mobile) — and pinch zoom. */
export function useDoubleTapGuard(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const handleTouchEnd = (event: TouchEvent) => {
      const now = Date.now();
      if (now - last <= DOUBLE_TAP_GUARD_MS) event.preventDefault();
      last = now;
    };
    const handleGesture = (event: Event) => event.preventDefault();
    document.addEventListener('touchend', handleTouchEnd, { passive: false });
    document.addEventListener('gesturestart', handleGesture, { passive: false });
    return () => {
      document.removeEventListener('touchend', handleTouchEnd);
      document.removeEventListener('gesturestart', handleGesture);
    };
  }, [enabled]);
}
