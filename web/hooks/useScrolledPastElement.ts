import { useEffect, useState, type RefObject } from 'react';

/** Set-up delay and scroll throttle of the fixed top bar (spec 9: scroll bar set-up 200 ms, scroll throttle 200 ms). */
export const SCROLL_SETUP_MS = 200;
export const SCROLL_THROTTLE_MS = 200;
/** Heights of the bars fixed at the top: the desktop nav (--nav-height) and the mobile top bar. */
export const NAV_PX = 64;
export const MOBILE_TOP_BAR_PX = 48;

/**
 * True once the element's bottom edge has scrolled above the top of the viewport (less the offset).
 * Starts listening 200 ms after mounting; scroll events are handled at most every 200 ms, with a last
 * check after the scrolling stops.
 */
export function useScrolledPastElement(ref: RefObject<HTMLElement | null>, offset = 0, enabled = true): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    let trailing = 0;
    const check = () => {
      last = Date.now();
      const element = ref.current;
      if (element) setPast(element.getBoundingClientRect().bottom < offset);
    };
    const handleScroll = () => {
      window.clearTimeout(trailing);
      if (Date.now() - last >= SCROLL_THROTTLE_MS) check();
      else trailing = window.setTimeout(check, SCROLL_THROTTLE_MS);
    };
    const setup = window.setTimeout(() => {
      check();
      window.addEventListener('scroll', handleScroll, { passive: true });
    }, SCROLL_SETUP_MS);
    return () => {
      window.clearTimeout(setup);
      window.clearTimeout(trailing);
      window.removeEventListener('scroll', handleScroll);
    };
  }, [ref, offset, enabled]);
  return past;
}
